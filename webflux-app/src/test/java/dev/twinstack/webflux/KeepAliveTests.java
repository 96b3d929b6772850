package dev.twinstack.webflux;

import dev.twinstack.mocks.contract.KeepAliveContract;

/**
 * The keep-alive contract on webflux-app.
 */
class KeepAliveTests extends KeepAliveContract {

}
