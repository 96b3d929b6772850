package dev.twinstack.mvc;

import dev.twinstack.mocks.contract.KeepAliveContract;

/**
 * The keep-alive contract on mvc-app.
 */
class KeepAliveTests extends KeepAliveContract {

}
