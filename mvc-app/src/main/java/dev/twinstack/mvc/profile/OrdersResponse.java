package dev.twinstack.mvc.profile;

import java.util.List;

/**
 * The orders service's answer to {@code GET /customers/{id}/orders}.
 *
 * @param customerId the customer id
 * @param orders the customer's orders
 */
public record OrdersResponse(long customerId, List<Order> orders) {
}
