// venue-console as a user runs it, in a virtual X server (xvfb-run, Mesa's llvmpipe): the demo's
// simulated event drawn for some seconds and a screenshot written; a venue file with its devices
// unplugged. The PNG must have the window's size and not be blank.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#include <stb_image.h>

namespace {

namespace fs = std::filesystem;

const std::string CONSOLE = std::string(VENUE_BINARY_DIR) + "/bin/venue-console";

bool have_xvfb() {
    return std::system("command -v xvfb-run >/dev/null 2>&1") == 0;
}

fs::path temp_dir(const std::string& name) {
    fs::path d =
        fs::temp_directory_path() / ("venue-console-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

// Runs the command under xvfb-run; returns the exit status and the output.
int run_in_xvfb(const std::string& args, std::string& output) {
    const std::string cmd =
        "xvfb-run -a -s '-screen 0 1920x1080x24' " + CONSOLE + " " + args + " 2>&1";
    FILE* p = ::popen(cmd.c_str(), "r");
    if (!p) return -1;
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) output.append(buf, n);
    const int status = ::pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

struct Image {
    int width = 0, height = 0;
    std::size_t colours = 0;
    double lit = 0;  // fraction of pixels brighter than the background
};

Image read_png(const fs::path& path) {
    Image img;
    int channels = 0;
    unsigned char* px = stbi_load(path.c_str(), &img.width, &img.height, &channels, 3);
    if (!px) return img;
    std::set<std::uint32_t> colours;
    std::size_t lit = 0;
    const std::size_t n = std::size_t(img.width) * std::size_t(img.height);
    for (std::size_t i = 0; i < n; ++i) {
        const unsigned char* p = px + 3 * i;
        colours.insert(std::uint32_t(p[0]) << 16 | std::uint32_t(p[1]) << 8 | p[2]);
        if (p[0] + p[1] + p[2] > 3 * 60) ++lit;
    }
    stbi_image_free(px);
    img.colours = colours.size();
    img.lit = double(lit) / double(n);
    return img;
}

TEST(ConsoleE2E, TheDemoInTheWindowGivesAScreenshot) {
    if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed (scripts/setup installs xvfb)";
    const fs::path dir = temp_dir("demo");
    const fs::path png = dir / "console.png";
    std::string out;
    const int rc = run_in_xvfb("--demo --speed 8 --log " + (dir / "demo.sqlite").string() +
                                   " --screenshot " + png.string() + " --frames 420",
                               out);
    ASSERT_EQ(rc, 0) << out;
    EXPECT_NE(out.find("screenshot"), std::string::npos) << out;
    ASSERT_TRUE(fs::exists(png)) << out;
    const Image img = read_png(png);
    EXPECT_EQ(img.width, 1920);
    EXPECT_EQ(img.height, 1080);
    // A blank or one-colour window would have a handful; text, board and clocks give thousands.
    EXPECT_GT(img.colours, 500u);
    EXPECT_GT(img.lit, 0.10);
    // The log it wrote is the demo's: the events went through the same daemon.
    EXPECT_TRUE(fs::exists(dir / "demo.sqlite"));
    fs::remove_all(dir);
}

TEST(ConsoleE2E, AVenueFileWithItsDevicesUnpluggedStillShows) {
    if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
    const fs::path dir = temp_dir("venue");
    const fs::path png = dir / "venue.png";
    std::string out;
    const std::string config =
        std::string(VENUE_SOURCE_DIR) + "/schemas/config/examples/chessball.toml";
    const int rc = run_in_xvfb(config + " --log " + (dir / "venue.sqlite").string() + " --hub " +
                                   (dir / "no-hub").string() +
                                   " --board 12345=" + (dir / "no-board").string() +
                                   " --size 1280x720 --screenshot " + png.string() + " --frames 30",
                               out);
    ASSERT_EQ(rc, 0) << out;
    const Image img = read_png(png);
    EXPECT_EQ(img.width, 1280);
    EXPECT_EQ(img.height, 720);
    EXPECT_GT(img.colours, 200u);
    // The match was created in the log, as `venue run` would.
    EXPECT_NE(out.find("log at event"), std::string::npos) << out;
    fs::remove_all(dir);
}

TEST(ConsoleE2E, NeitherVenueNorDemoIsAUsageError) {
    std::string out;
    FILE* p = ::popen((CONSOLE + " 2>&1").c_str(), "r");
    ASSERT_TRUE(p);
    char buf[1024];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    const int status = ::pclose(p);
    EXPECT_EQ(WEXITSTATUS(status), 2) << out;
    EXPECT_NE(out.find("give a venue file or --demo"), std::string::npos) << out;
}

}  // namespace
