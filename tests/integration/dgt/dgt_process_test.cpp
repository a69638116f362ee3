// The emulator as separate processes, as `venue sim dgt` runs it: the slave path is the first
// line of standard output, actions come on standard input, several instances run at once.
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "dgt_test_client.h"

extern char** environ;

namespace venue::test {
namespace {

class EmulatorProcess {
  public:
    explicit EmulatorProcess(std::vector<std::string> args) {
        int in[2], out[2];
        EXPECT_EQ(::pipe(in), 0);
        EXPECT_EQ(::pipe(out), 0);
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_adddup2(&fa, in[0], STDIN_FILENO);
        posix_spawn_file_actions_adddup2(&fa, out[1], STDOUT_FILENO);
        posix_spawn_file_actions_addclose(&fa, in[1]);
        posix_spawn_file_actions_addclose(&fa, out[0]);
        // The real `venue sim dgt`: the same code a bench or a venue runs.
        args.insert(args.begin(), {VENUE_BINARY_DIR "/bin/venue", "sim", "dgt"});
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        EXPECT_EQ(
            posix_spawn(&pid_, VENUE_BINARY_DIR "/bin/venue", &fa, nullptr, argv.data(), environ),
            0);
        posix_spawn_file_actions_destroy(&fa);
        ::close(in[0]);
        ::close(out[1]);
        stdin_ = in[1];
        stdout_ = ::fdopen(out[0], "r");
    }

    ~EmulatorProcess() {
        if (pid_ > 0) {
            ::kill(pid_, SIGTERM);
            wait();
        }
        if (stdin_ >= 0) ::close(stdin_);
        if (stdout_) std::fclose(stdout_);
    }

    std::string read_line() {
        char buf[256];
        if (!std::fgets(buf, sizeof buf, stdout_)) return "";
        std::string s = buf;
        if (!s.empty() && s.back() == '\n') s.pop_back();
        return s;
    }

    void actions(const std::string& lines) {
        ASSERT_EQ(::write(stdin_, lines.data(), lines.size()), static_cast<ssize_t>(lines.size()));
    }

    int wait_after_term() {
        ::kill(pid_, SIGTERM);
        return wait();
    }

    // Exit status, or -1 if killed by a signal.
    int wait() {
        int status = 0;
        ::waitpid(pid_, &status, 0);
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }

  private:
    pid_t pid_ = -1;
    int stdin_ = -1;
    std::FILE* stdout_ = nullptr;
};

TEST(DgtEmulatorProcess, SeveralInstancesEachWithItsOwnSerialNumber) {
    EmulatorProcess a({"--serial", "10001"});
    EmulatorProcess b({});  // serial derived from the process id
    EmulatorProcess c({"--serial", "10003", "--rotated"});
    const std::string pa = a.read_line(), pb = b.read_line(), pc = c.read_line();
    ASSERT_EQ(pa.rfind("/dev/pts/", 0), 0u) << pa;
    ASSERT_NE(pa, pb);
    ASSERT_NE(pb, pc);

    std::vector<std::string> serials;
    for (const auto& path : {pa, pb, pc}) {
        DgtTestClient client(path);
        ASSERT_FALSE(client.open());
        client.send({0x45});
        const auto s = client.wait_for_type<io::dgt::SerialNr>();
        ASSERT_TRUE(s) << path;
        serials.push_back(s->digits);
    }
    EXPECT_EQ(serials[0], "10001");
    EXPECT_EQ(serials[2], "10003");
    EXPECT_NE(serials[1], serials[0]);
    EXPECT_NE(serials[1], serials[2]);
}

TEST(DgtEmulatorProcess, ActionsOnStandardInput) {
    EmulatorProcess e({"--serial", "20002"});
    DgtTestClient client(e.read_line());
    ASSERT_FALSE(client.open());
    client.send({0x44});
    ASSERT_TRUE(client.drain(100ms).empty());
    e.actions("lift e2\nput e4 P\n");
    const auto f1 = client.wait_for_type<io::dgt::FieldUpdate>();
    const auto f2 = client.wait_for_type<io::dgt::FieldUpdate>();
    ASSERT_TRUE(f1 && f2);
    EXPECT_EQ(f1->square, *io::dgt::parse_square("e2"));
    EXPECT_EQ(f2->piece, io::dgt::Piece::W_PAWN);
}

TEST(DgtEmulatorProcess, ScriptFileQuitAndExitStatus) {
    const std::string script = "/tmp/venue-dgt-script-" + std::to_string(::getpid());
    {
        std::ofstream f(script);
        f << "# a bad line makes the exit status 1\nlift e4\nwait 50\nquit\n";
    }
    EmulatorProcess e({"--serial", "30003", "--script", script});
    EXPECT_EQ(e.read_line().rfind("/dev/pts/", 0), 0u);
    EXPECT_EQ(e.wait(), 1);  // `lift e4` on an empty square was reported
    std::remove(script.c_str());
}

TEST(DgtEmulatorProcess, SigtermStopsCleanly) {
    EmulatorProcess e({"--serial", "40004"});
    ASSERT_FALSE(e.read_line().empty());
    EXPECT_EQ(e.wait_after_term(), 0);
}

}  // namespace
}  // namespace venue::test
