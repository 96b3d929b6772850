package dev.twinstack.mocks;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import com.github.tomakehurst.wiremock.admin.Router;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import com.github.tomakehurst.wiremock.extension.AdminApiExtension;
import com.github.tomakehurst.wiremock.http.RequestMethod;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;

/**
 * A remote switch for the embedded MongoDB, on the customers service's admin API
 * (loopback clients only, like the rest of it), to simulate a database outage from
 * another process:
 * <ul>
 * <li>{@code POST /__admin/ext/mongo/stop}: stops it (open connections are closed, new
 * ones refused; stored documents are lost);</li>
 * <li>{@code POST /__admin/ext/mongo/start}: starts it again on the same port,
 * empty;</li>
 * <li>{@code GET /__admin/ext/mongo}: {@code {"running":true|false}} and its health:
 * {@code "storage"} ({@code memory} or {@code disk}), {@code "profiles"} (the documents
 * of {@code twinstack.profiles}), {@code "heapUsedPercent"} (after the last GC) and
 * {@code "warning"} ({@code null}, or the {@link HeapWatch} warning while the heap is
 * above its threshold), {@code "inserts"} and {@code "insertBusyMs"}: the insert commands
 * completed and the time at least one was in progress since mock-services started
 * ({@link WriteMeter}).</li>
 * </ul>
 * Each answers 200 with the state after the call; stopping a stopped server or starting a
 * running one changes nothing.
 */
final class MongoAdminExtension implements AdminApiExtension {

	/** The path of the switch under {@code /__admin}. */
	static final String PATH = "/ext/mongo";

	private static final Logger logger = LoggerFactory.getLogger(MongoAdminExtension.class);

	private final EmbeddedMongo mongo;

	MongoAdminExtension(EmbeddedMongo mongo) {
		this.mongo = mongo;
	}

	@Override
	public String getName() {
		return "mongo-switch";
	}

	@Override
	public void contributeAdminApiRoutes(Router router) {
		router.add(RequestMethod.GET, PATH, (admin, serveEvent, pathParams) -> state());
		router.add(RequestMethod.POST, PATH + "/stop", (admin, serveEvent, pathParams) -> {
			this.mongo.stop();
			logger.info("MongoDB stopped (admin API)");
			return state();
		});
		router.add(RequestMethod.POST, PATH + "/start", (admin, serveEvent, pathParams) -> {
			try {
				this.mongo.start();
			}
			catch (IllegalStateException ex) {
				return new ResponseDefinition(409, ex.getMessage());
			}
			logger.info("MongoDB started again (admin API) on port {}", this.mongo.port());
			return state();
		});
	}

	private ResponseDefinition state() {
		Map<String, Object> state = new LinkedHashMap<>();
		state.put("running", this.mongo.isRunning());
		state.put("storage", this.mongo.storage().kind().name().toLowerCase(Locale.ROOT));
		state.put("profiles", this.mongo.countDocuments(MockServices.DATABASE, MockServices.PROFILES));
		state.put("heapUsedPercent", this.mongo.heapWatch().usedPercent());
		state.put("warning", this.mongo.heapWatch().warning().orElse(null));
		state.put("inserts", this.mongo.writes().inserts());
		state.put("insertBusyMs", this.mongo.writes().busyMs(System.nanoTime()));
		return ResponseDefinition.okForJson(state);
	}

}
