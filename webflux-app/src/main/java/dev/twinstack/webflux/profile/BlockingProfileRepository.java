package dev.twinstack.webflux.profile;

import org.springframework.data.mongodb.repository.MongoRepository;

/**
 * The {@code profiles} collection through the synchronous MongoDB driver: the
 * {@code webflux-vt} stack's twin of {@link ProfileRepository} (mvc-app's
 * {@code ProfileRepository}).
 */
public interface BlockingProfileRepository extends MongoRepository<ProfileDocument, String> {

}
