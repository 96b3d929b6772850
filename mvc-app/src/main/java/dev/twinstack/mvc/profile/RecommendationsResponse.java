package dev.twinstack.mvc.profile;

import java.util.List;

/**
 * The recommendations service's answer to {@code GET /customers/{id}/recommendations}.
 *
 * @param customerId the customer id
 * @param items the recommended items
 */
public record RecommendationsResponse(long customerId, List<Recommendation> items) {
}
