package dev.twinstack.bench.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.function.Supplier;

import picocli.CommandLine;

/**
 * Runs a command as its {@code main} would, a new instance each time, and keeps what it
 * printed on stdout and stderr in that run.
 */
final class CommandRun {

	private final Supplier<CliCommand> command;

	private final StringWriter out = new StringWriter();

	private final StringWriter err = new StringWriter();

	CommandRun(Supplier<CliCommand> command) {
		this.command = command;
	}

	/**
	 * Runs the command.
	 * @param args its arguments
	 * @return its exit code
	 */
	int run(String... args) {
		this.out.getBuffer().setLength(0);
		this.err.getBuffer().setLength(0);
		return new CommandLine(this.command.get()).setOut(new PrintWriter(this.out))
			.setErr(new PrintWriter(this.err))
			.execute(args);
	}

	String out() {
		return this.out.toString();
	}

	String err() {
		return this.err.toString();
	}

}
