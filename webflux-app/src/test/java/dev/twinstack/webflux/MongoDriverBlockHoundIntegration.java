package dev.twinstack.webflux;

import reactor.blockhound.BlockHound;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * BlockHound exceptions for the MongoDB driver's Netty transport (which Spring Boot
 * selects for the reactive driver when Netty is on the classpath): on its own event loop
 * the driver briefly takes a per-connection {@code ReentrantLock} guarding in-memory read
 * state; BlockHound reports the rare contended acquisition as blocking. No I/O happens
 * under that lock. Everything else, the application's code in particular, stays checked.
 */
public class MongoDriverBlockHoundIntegration implements BlockHoundIntegration {

	@Override
	public void applyTo(BlockHound.Builder builder) {
		builder.allowBlockingCallsInside("com.mongodb.internal.connection.netty.NettyStream", "handleReadResponse");
	}

}
