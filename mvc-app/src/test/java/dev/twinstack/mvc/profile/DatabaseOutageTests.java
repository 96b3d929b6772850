package dev.twinstack.mvc.profile;

import dev.twinstack.mocks.contract.DatabaseOutageContract;

/**
 * The database outage contract on mvc-app.
 */
class DatabaseOutageTests extends DatabaseOutageContract {

}
