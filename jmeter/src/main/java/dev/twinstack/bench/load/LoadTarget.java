package dev.twinstack.bench.load;

import java.net.URI;

import dev.twinstack.bench.matrix.Stack;
import dev.twinstack.bench.process.AppProcess;
import dev.twinstack.bench.process.CpuPlacement;
import dev.twinstack.bench.process.JavaProcess;
import dev.twinstack.bench.process.MockServicesProcess;

/**
 * The app a load is sent to: one the bench started ({@link AppProcess}), or one started
 * by hand elsewhere (a remote target, {@code bench.targets}), which the bench reaches by
 * its URIs only.
 *
 * @param stack the app's stack
 * @param baseUri where the load goes, without a trailing slash, e.g.
 * {@code http://127.0.0.2:8081}
 * @param actuatorUri the base of its Actuator, with a trailing slash, e.g.
 * {@code http://127.0.0.2:8081/actuator/}
 * @param process its JVM when the bench started it (a load stops when it exits),
 * {@code null} for a remote target
 * @param placement where the app and the harness run, which a warm-up may widen;
 * {@code null} for a remote target
 * @param mocks the JVM of the mocks it calls, whose CPU a warm-up reads; {@code null}
 * when they run elsewhere
 */
public record LoadTarget(Stack stack, String baseUri, URI actuatorUri, JavaProcess process, CpuPlacement placement,
		JavaProcess mocks) {

	/**
	 * Describes an app the bench started.
	 * @param app the app
	 * @param placement where it runs
	 * @param mocks the mocks it calls
	 * @return the target
	 */
	public static LoadTarget of(AppProcess app, CpuPlacement placement, MockServicesProcess mocks) {
		return new LoadTarget(app.stack(), app.baseUri().toString().replaceAll("/$", ""), app.actuatorUri(),
				app.process(), placement, mocks.process());
	}

	/**
	 * Describes an app started elsewhere.
	 * @param stack its stack
	 * @param baseUri where the load goes
	 * @param actuatorUri the base of its Actuator
	 * @return the target
	 */
	public static LoadTarget remote(Stack stack, URI baseUri, URI actuatorUri) {
		return new LoadTarget(stack, baseUri.toString().replaceAll("/$", ""), actuatorUri, null, null, null);
	}

	/**
	 * Tells whether the app still runs, as far as the bench can see.
	 * @return {@code false} only when the bench's own JVM of it has exited
	 */
	public boolean alive() {
		return this.process == null || this.process.isAlive();
	}

}
