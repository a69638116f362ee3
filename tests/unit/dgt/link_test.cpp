// Link error values without hardware: what a driver sees for caller bugs and missing devices.
#include <gtest/gtest.h>

#include "io/link/port_list.h"
#include "io/link/serial_port_link.h"
#include "io/link/termios_link.h"
#include "io/link/usb_serial_link.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>

namespace venue::io {
namespace {

using namespace std::chrono_literals;

TEST(TermiosLink, MissingDeviceIsNotFound) {
    TermiosLink link("/dev/venue-no-such-device");
    const auto e = link.open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->code, LinkErrorCode::NOT_FOUND);
    EXPECT_NE(e->what.find("/dev/venue-no-such-device"), std::string::npos) << e->what;
    EXPECT_FALSE(link.is_open());
}

TEST(TermiosLink, UnsupportedBaudIsACallerBug) {
    TermiosLink link("/dev/null", 12345);
    const auto e = link.open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->code, LinkErrorCode::BAD_ARGUMENT);
}

TEST(TermiosLink, TheHubsMegabitIsARateItKnows) {
    // /dev/null is no terminal: the open gets past the rate check and fails at tcgetattr.
    TermiosLink link("/dev/null", 1'000'000);
    const auto e = link.open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->code, LinkErrorCode::OS_ERROR) << e->what;
}

TEST(TermiosLink, NotATerminal) {
    TermiosLink link("/dev/null");
    const auto e = link.open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->code, LinkErrorCode::OS_ERROR);
    EXPECT_NE(e->what.find("tcgetattr"), std::string::npos) << e->what;
}

TEST(TermiosLink, ReadAndWriteOnAClosedLink) {
    TermiosLink link("/dev/null");
    std::uint8_t buf[4];
    auto r = link.read(buf, 0ms);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error->code, LinkErrorCode::NOT_OPEN);
    r = link.write(buf, 0ms);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error->code, LinkErrorCode::NOT_OPEN);
}

TEST(SerialPortLink, MissingPortIsNotFound) {
    SerialPortLink link("/dev/venue-no-such-port");
    const auto e = link.open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->code, LinkErrorCode::NOT_FOUND) << e->what;
    std::uint8_t buf[4];
    EXPECT_EQ(link.read(buf, 0ms).error->code, LinkErrorCode::NOT_OPEN);
}

TEST(PortList, ListingWorksWithoutDevices) {
    const PortList l = list_ports();
    EXPECT_FALSE(l.error) << l.error->what;
    for (const auto& p : l.ports) EXPECT_FALSE(p.name.empty());
}

TEST(PortList, UsbSerialLookupRefusesToGuess) {
    PortInfo a;
    a.name = "/dev/ttyACM0";
    a.transport = PortTransport::USB;
    a.usb_vid = 0x0403;
    a.usb_pid = 0x6001;
    a.usb_serial = "DGT123";
    PortInfo b = a;
    b.name = "/dev/ttyACM1";
    b.usb_serial = "DGT456";
    EXPECT_EQ(vid_pid_string(a), "0403:6001");
    EXPECT_EQ(find_port_by_usb_serial({a, b}, "DGT456")->name, "/dev/ttyACM1");
    EXPECT_FALSE(find_port_by_usb_serial({a, b}, "nope"));
    EXPECT_FALSE(find_port_by_usb_serial({a, b}, ""));
    b.usb_serial = "DGT123";
    EXPECT_FALSE(find_port_by_usb_serial({a, b}, "DGT123"));  // two devices, one serial
}

// A pseudo-terminal pair: the test holds the master, the link opens the slave by its path.
struct Pty {
    int master = -1;
    std::string path;
    Pty() {
        master = ::posix_openpt(O_RDWR | O_NOCTTY);
        if (master >= 0 && ::grantpt(master) == 0 && ::unlockpt(master) == 0)
            path = ::ptsname(master);
    }
    ~Pty() {
        if (master >= 0) ::close(master);
    }
    std::string read_all() {
        std::string out;
        char buf[64];
        for (int i = 0; i < 50 && out.empty(); ++i) {
            ::usleep(2000);
            const ssize_t n = ::read(master, buf, sizeof buf);
            if (n > 0) out.append(buf, std::size_t(n));
        }
        return out;
    }
};

TEST(UsbSerialLink, EveryOpenLooksThePortUpAgainSoARenumberedDeviceIsFound) {
    Pty first, second;
    ASSERT_FALSE(first.path.empty());
    ASSERT_FALSE(second.path.empty());
    ::fcntl(first.master, F_SETFL, O_NONBLOCK);
    ::fcntl(second.master, F_SETFL, O_NONBLOCK);
    std::optional<std::string> where = first.path;  // the device's port, as the OS lists it
    std::vector<std::string> looked_up;
    UsbSerialLink link(
        "HUB-0001",
        [&](const std::string& serial) {
            looked_up.push_back(serial);
            return where;
        },
        [](const std::string& port) { return std::make_unique<TermiosLink>(port, 115200); });

    ASSERT_FALSE(link.open());
    EXPECT_EQ(link.port(), first.path);
    EXPECT_NE(link.name().find("HUB-0001"), std::string::npos);
    const std::uint8_t hello[] = {'h', 'i'};
    ASSERT_EQ(link.write(hello, 100ms).count, 2u);
    EXPECT_EQ(first.read_all(), "hi");

    // Unplugged: nothing has the serial number; reopening says NOT_FOUND (retry later).
    link.close();
    where.reset();
    const auto gone = link.open();
    ASSERT_TRUE(gone);
    EXPECT_EQ(gone->code, LinkErrorCode::NOT_FOUND);
    EXPECT_NE(gone->what.find("HUB-0001"), std::string::npos) << gone->what;
    EXPECT_FALSE(link.is_open());
    std::uint8_t buf[4];
    EXPECT_EQ(link.read(buf, 0ms).error->code, LinkErrorCode::NOT_OPEN);

    // Plugged back in under another name: the next open finds it there.
    where = second.path;
    ASSERT_FALSE(link.open());
    EXPECT_EQ(link.port(), second.path);
    ASSERT_EQ(link.write(hello, 100ms).count, 2u);
    EXPECT_EQ(second.read_all(), "hi");
    EXPECT_EQ(looked_up.size(), 3u);
    EXPECT_EQ(looked_up[0], "HUB-0001");
}

TEST(UsbSerialLink, ARealPortListWithoutTheSerialIsNotFound) {
    UsbSerialLink link("VENUE-NO-SUCH-SERIAL", 1'000'000);
    const auto e = link.open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->code, LinkErrorCode::NOT_FOUND) << e->what;
}

}  // namespace
}  // namespace venue::io
