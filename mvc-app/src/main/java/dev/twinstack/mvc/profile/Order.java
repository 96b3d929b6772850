package dev.twinstack.mvc.profile;

import java.math.BigDecimal;

/**
 * One order of a customer, as the orders service answers it.
 *
 * @param orderId order id, e.g. {@code 42-1}
 * @param status order status, e.g. {@code DELIVERED}
 * @param total order total (currency units)
 * @param items number of items in the order
 */
public record Order(String orderId, String status, BigDecimal total, int items) {
}
