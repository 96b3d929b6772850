package dev.twinstack.mvc.profile;

/**
 * A customer's postal address, as the customers service answers it.
 *
 * @param street street and number
 * @param city city
 * @param country ISO 3166 country code, e.g. {@code US}
 */
public record Address(String street, String city, String country) {
}
