// Each `venue` subcommand registers itself on the application here; main.cpp
// only wires them together. One file per command.
#pragma once

#include <CLI/CLI.hpp>

namespace venue::cli {

void register_perft_command(CLI::App& app);
void register_bench_command(CLI::App& app);
// `venue bench log`, registered under `venue bench`.
void register_bench_log_command(CLI::App& bench);
// `venue bench publish`, registered under `venue bench`.
void register_bench_publish_command(CLI::App& bench);
void register_sim_command(CLI::App& app);
void register_run_command(CLI::App& app);
void register_demo_command(CLI::App& app);
void register_ports_command(CLI::App& app);
void register_log_commands(CLI::App& app);
// `venue feed --mqtt` and `venue mirror`: reading the halls' broker.
void register_broker_commands(CLI::App& app);

}  // namespace venue::cli
