package dev.twinstack.mvc.profile;

/**
 * One recommended item, as the recommendations service answers it.
 *
 * @param sku stock-keeping unit, e.g. {@code SKU-42-01}
 * @param title item title
 * @param score relevance score from 0 to 1
 */
public record Recommendation(String sku, String title, double score) {
}
