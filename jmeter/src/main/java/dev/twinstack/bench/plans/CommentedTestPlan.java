package dev.twinstack.bench.plans;

import java.util.List;

import org.apache.jmeter.testelement.TestElement;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup;

import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCache;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCookies;

/**
 * A test plan of one thread group whose comment (the Test Plan's "Comments" field in
 * JMeter's GUI) says what it loads, which JMeter properties it reads and which plugins it
 * needs. Like the bench's plans ({@code ScenarioPlan.lean}), without the HTTP cookie and
 * cache managers jmeter-java-dsl would add: the apps set no cookie and no cache header.
 */
final class CommentedTestPlan extends DslTestPlan {

	private final String comment;

	/**
	 * Creates the plan.
	 * @param comment the plan's comment
	 * @param group its thread group
	 */
	CommentedTestPlan(String comment, BaseThreadGroup<?> group) {
		super(List.of(httpCookies().disable(), httpCache().disable(), group));
		this.comment = comment;
	}

	@Override
	protected TestElement buildTestElement() {
		TestElement plan = super.buildTestElement();
		plan.setProperty(TestElement.COMMENTS, this.comment);
		return plan;
	}

}
