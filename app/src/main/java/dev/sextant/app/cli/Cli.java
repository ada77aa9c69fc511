package dev.sextant.app.cli;

import dev.sextant.app.Failures;
import dev.sextant.app.logging.LogSetup;
import dev.sextant.model.InputError;
import dev.sextant.workspaces.WorkspaceHome;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import picocli.CommandLine;

/**
 * Runs the command line and maps outcomes to the exit statuses every command shares: 0 ok, 2 bad usage or bad input,
 * 3 capability unavailable on this machine, 1 internal failure, 130 cancelled. Errors are one line on stderr,
 * {@code error: <where>: <what>}; stack traces go to the log file only. An {@link InputError} names its input by key,
 * which {@link CliFields} turns into the flag: commands let input errors through rather than catching them.
 */
public final class Cli {

    public static final int OK = 0;
    public static final int INTERNAL = 1;
    public static final int BAD_INPUT = 2;
    public static final int UNAVAILABLE = 3;
    public static final int CANCELLED = 130;

    private Cli() {}

    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, WorkspaceHome.fromEnvironment());
    }

    public static int run(String[] args, PrintStream out, PrintStream err, WorkspaceHome home) {
        LogSetup.quietConsole();
        LogSetup.logToWorkspace(home.root().resolve("logs"));
        CommandLine cmd = commandLine(home, SextantCommand.neededFor(args));
        cmd.setOut(new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true));
        cmd.setErr(new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true));
        int code = cmd.execute(args);
        cmd.getOut().flush();
        cmd.getErr().flush();
        return code;
    }

    /** The whole command line, every command in it. */
    static CommandLine commandLine(WorkspaceHome home) {
        return commandLine(home, SextantCommand.COMMANDS);
    }

    /** The command line with these of its commands. */
    static CommandLine commandLine(WorkspaceHome home, List<Class<?>> commands) {
        CommandLine cmd = new CommandLine(new SextantCommand(home));
        for (Class<?> c : commands) {
            cmd.addSubcommand(c);
        }
        cmd.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (ex instanceof InputError e) {
                // the model names the input; the flag and the help to read are the command line's words for it
                commandLine.getErr().println("error: " + CliFields.describe(e, commandLine.getCommandSpec()));
                return BAD_INPUT;
            }
            commandLine.getErr().println("error: " + userMessage(ex));
            return exitCode(ex);
        });
        cmd.setParameterExceptionHandler((ex, args) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("error: " + Failures.oneLine(ex.getMessage()) + " (see '"
                    + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help')");
            return BAD_INPUT;
        });
        cmd.setCaseInsensitiveEnumValuesAllowed(true);
        return cmd;
    }

    static int exitCode(Throwable ex) {
        return Failures.kind(ex).exitCode;
    }

    static String userMessage(Throwable ex) {
        return Failures.message(ex);
    }
}
