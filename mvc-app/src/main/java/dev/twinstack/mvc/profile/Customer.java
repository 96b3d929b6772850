package dev.twinstack.mvc.profile;

import java.time.LocalDate;

/**
 * The customers service's answer to {@code GET /customers/{id}}.
 *
 * @param id the customer id
 * @param name display name
 * @param email e-mail address
 * @param tier loyalty tier, e.g. {@code gold}
 * @param address postal address
 * @param memberSince date of joining, {@code yyyy-MM-dd} in JSON
 */
public record Customer(long id, String name, String email, String tier, Address address, LocalDate memberSince) {
}
