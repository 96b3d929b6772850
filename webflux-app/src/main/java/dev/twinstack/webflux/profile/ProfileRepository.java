package dev.twinstack.webflux.profile;

import org.springframework.data.mongodb.repository.ReactiveMongoRepository;

/**
 * The {@code profiles} collection.
 */
public interface ProfileRepository extends ReactiveMongoRepository<ProfileDocument, String> {

}
