package dev.twinstack.bench.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What the bench's commands share: {@code --help} and {@code --version}, the exit codes
 * (0 done, 1 bad input as one line on stderr, 2 bad usage), the output streams picocli
 * gives them and the {@code main} that exits with the command's code. Picocli merges this
 * class's {@code @Command} attributes into each subclass's.
 */
@Command(mixinStandardHelpOptions = true, sortOptions = false, exitCodeOnInvalidInput = 2,
		exitCodeOnExecutionException = 1)
abstract class CliCommand implements Callable<Integer> {

	@Spec
	private CommandSpec spec;

	/**
	 * The command's standard output, for what it wrote or printed.
	 * @return picocli's output writer
	 */
	PrintWriter out() {
		return this.spec.commandLine().getOut();
	}

	/**
	 * The command's standard error, for warnings.
	 * @return picocli's error writer
	 */
	PrintWriter err() {
		return this.spec.commandLine().getErr();
	}

	/**
	 * Reports bad input as one line on stderr, prefixed with the command's name.
	 * @param message the problem, naming what is wrong
	 * @return the exit code of bad input, 1
	 */
	int badInput(String message) {
		PrintWriter err = err();
		err.println(this.spec.name() + ": " + message);
		err.flush();
		return 1;
	}

	/**
	 * Runs a command and exits the JVM with its code.
	 * @param command the command
	 * @param args its arguments
	 */
	static void exit(CliCommand command, String[] args) {
		System.exit(new CommandLine(command).execute(args));
	}

}
