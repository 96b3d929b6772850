package dev.twinstack.mocks;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.wire.message.MongoMessage;

/**
 * Counts the embedded MongoDB's {@code insert} commands and the time at least one of them
 * was in progress: the busy time B and completions C of the operational laws (Denning and
 * Buzen, "The Operational Analysis of Queueing Network Models", Computing Surveys 10(3),
 * 1978), so B / C is the service demand of an insert and B / T its utilization over a
 * window T.
 * <p>
 * mongo-java-server serializes every write to a collection ({@code insertDocuments} is
 * {@code synchronized} on the collection, in every backend), so the inserts into one
 * collection are a single-server queue in the harness: while one insert holds the lock
 * the others wait. The busy time counts the lock held plus the little work of an insert
 * outside it when no other insert is in progress: an upper bound of the lock's demand.
 * <p>
 * Thread-safe; the totals are cumulative over every backend metered (a restart keeps
 * them).
 */
final class WriteMeter {

	private static final String INSERT = "insert";

	private int inProgress;

	private long busySince;

	private long busyNanos;

	private long inserts;

	/**
	 * Wraps a backend so that its insert commands are metered here; every other call
	 * passes through unchanged.
	 * @param backend the backend MongoServer would use
	 * @return the metered backend
	 */
	MongoBackend meter(MongoBackend backend) {
		InvocationHandler handler = (proxy, method, arguments) -> invoke(backend, proxy, method, arguments);
		return (MongoBackend) Proxy.newProxyInstance(MongoBackend.class.getClassLoader(),
				new Class<?>[] { MongoBackend.class }, handler);
	}

	private Object invoke(MongoBackend backend, Object proxy, Method method, Object[] arguments) throws Throwable {
		boolean insert = isInsert(method, arguments);
		if (insert) {
			started(System.nanoTime());
		}
		try {
			Object result = method.invoke(backend, arguments);
			return (result == backend) ? proxy : result;
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
		finally {
			if (insert) {
				ended(System.nanoTime());
			}
		}
	}

	private static boolean isInsert(Method method, Object[] arguments) {
		if (method.getName().equals("handleMessage") && arguments[0] instanceof MongoMessage message) {
			return !message.getDocument().isEmpty() && INSERT.equals(message.getDocument().keySet().iterator().next());
		}
		return method.getName().equals("handleCommand") && INSERT.equals(arguments[2]);
	}

	synchronized void started(long nanos) {
		if (this.inProgress++ == 0) {
			this.busySince = nanos;
		}
	}

	synchronized void ended(long nanos) {
		this.inserts++;
		if (--this.inProgress == 0) {
			this.busyNanos += nanos - this.busySince;
		}
	}

	/**
	 * @return the insert commands completed since the meter was made
	 */
	synchronized long inserts() {
		return this.inserts;
	}

	/**
	 * The time at least one insert was in progress, including the current busy period up
	 * to now.
	 * @param nowNanos {@link System#nanoTime()} now
	 * @return the busy time since the meter was made (ms)
	 */
	synchronized double busyMs(long nowNanos) {
		long busy = this.busyNanos + ((this.inProgress > 0) ? nowNanos - this.busySince : 0);
		return busy / 1e6;
	}

}
