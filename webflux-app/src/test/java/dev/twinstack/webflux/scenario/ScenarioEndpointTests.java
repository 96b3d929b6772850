package dev.twinstack.webflux.scenario;

import dev.twinstack.mocks.contract.ScenarioEndpointContract;

import org.springframework.context.annotation.Import;

/**
 * The scenario contract on webflux-app, with the {@link TransferProbe}'s evidence of how
 * the large payload left the server.
 */
@Import(TransferProbe.class)
class ScenarioEndpointTests extends ScenarioEndpointContract {

	@Override
	protected void resetTransferEvidence() {
		TransferProbe.reset();
	}

	@Override
	protected void assertZeroCopyEvidence(int bytes) {
		TransferProbe.assertZeroCopy(bytes);
	}

	@Override
	protected void assertCopyEvidence(int bytes) {
		TransferProbe.assertCopied(bytes);
	}

}
