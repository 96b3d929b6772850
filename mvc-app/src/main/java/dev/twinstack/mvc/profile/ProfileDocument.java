package dev.twinstack.mvc.profile;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import org.springframework.data.annotation.Id;
import org.springframework.data.convert.ValueConverter;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * The composed profile: stored in the {@code profiles} collection and returned as the
 * endpoint's JSON body.
 *
 * @param id MongoDB ObjectId as 24 hex characters; {@code null} until inserted
 * @param requestId the {@code X-Request-Id} header, or a generated UUID
 * @param customerId the customer id from the path
 * @param fanout how the downstream calls were made
 * @param customer the customers service's answer
 * @param orders the {@code orders} array of the orders service's answer
 * @param recommendations the {@code items} array of the recommendations service's answer
 * @param composedAt when the document was composed, to the millisecond (what MongoDB
 * stores, so the answer equals the stored document); in JSON an ISO-8601 UTC instant with
 * three fraction digits, e.g. {@code 2026-11-21T13:50:00.120Z}
 */
@Document("profiles")
@JsonPropertyOrder({ "id", "requestId", "customerId", "fanout", "customer", "orders", "recommendations", "composedAt" })
public record ProfileDocument(@Id String id, String requestId, long customerId,
		@ValueConverter(FanoutConverter.class) Fanout fanout, Customer customer, List<Order> orders,
		List<Recommendation> recommendations, @JsonFormat(shape = JsonFormat.Shape.STRING,
				pattern = "yyyy-MM-dd'T'HH:mm:ss.SSSX", timezone = "UTC") Instant composedAt) {

	/**
	 * A profile not yet stored.
	 * @param request the validated request
	 * @param customer the customers service's answer
	 * @param orders the orders service's answer
	 * @param recommendations the recommendations service's answer
	 * @param composedAt when the profile was composed (kept to the millisecond)
	 * @return a document without id
	 */
	static ProfileDocument compose(ProfileRequest request, Customer customer, OrdersResponse orders,
			RecommendationsResponse recommendations, Instant composedAt) {
		return new ProfileDocument(null, request.requestId(), request.customerId(), request.fanout(), customer,
				orders.orders(), recommendations.items(), composedAt.truncatedTo(ChronoUnit.MILLIS));
	}

}
