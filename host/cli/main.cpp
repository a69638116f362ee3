// `venue`: the headless command line of the Venue event control system.
#include <CLI/CLI.hpp>

#include "cli/commands.h"

int main(int argc, char** argv) {
    CLI::App app{
        "Venue: control system for live team and multi-player chess events.\n"
        "Run `venue COMMAND --help` for what each command does and takes."};
    app.require_subcommand(1);
    app.set_version_flag("--version", "venue 0.1.0");

    venue::cli::register_demo_command(app);
    venue::cli::register_run_command(app);
    venue::cli::register_log_commands(app);
    venue::cli::register_broker_commands(app);
    venue::cli::register_ports_command(app);
    venue::cli::register_perft_command(app);
    venue::cli::register_bench_command(app);
    venue::cli::register_sim_command(app);

    CLI11_PARSE(app, argc, argv);
    return 0;
}
