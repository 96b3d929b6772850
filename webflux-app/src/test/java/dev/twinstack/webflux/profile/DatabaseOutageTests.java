package dev.twinstack.webflux.profile;

import dev.twinstack.mocks.contract.DatabaseOutageContract;

/**
 * The database outage contract on webflux-app.
 */
class DatabaseOutageTests extends DatabaseOutageContract {

}
