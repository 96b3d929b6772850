package dev.twinstack.mocks.contract;

/**
 * The HTTP server an app runs on, for the few answers of the contract that the README
 * writes down per server (see {@link HttpProtocolContract}).
 */
public enum HttpServer {

	/** Tomcat, under Spring MVC. */
	TOMCAT,

	/** Reactor Netty, under Spring WebFlux. */
	REACTOR_NETTY

}
