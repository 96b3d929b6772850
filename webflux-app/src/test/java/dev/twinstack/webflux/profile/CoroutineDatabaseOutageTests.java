package dev.twinstack.webflux.profile;

import dev.twinstack.mocks.contract.DatabaseOutageContract;
import dev.twinstack.webflux.config.StackProperties;

import org.springframework.test.context.TestPropertySource;

/**
 * The database outage contract on webflux-app's coroutines stack.
 */
@TestPropertySource(properties = StackProperties.PROPERTY + "=" + StackProperties.COROUTINES)
class CoroutineDatabaseOutageTests extends DatabaseOutageContract {

}
