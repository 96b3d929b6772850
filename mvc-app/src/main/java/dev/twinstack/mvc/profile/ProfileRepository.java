package dev.twinstack.mvc.profile;

import org.springframework.data.mongodb.repository.MongoRepository;

/**
 * The {@code profiles} collection.
 */
public interface ProfileRepository extends MongoRepository<ProfileDocument, String> {

}
