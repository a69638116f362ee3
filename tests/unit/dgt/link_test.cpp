// Link error values without hardware: what a driver sees for caller bugs and missing devices.
#include <gtest/gtest.h>

#include "io/link/port_list.h"
#include "io/link/serial_port_link.h"
#include "io/link/termios_link.h"

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

}  // namespace
}  // namespace venue::io
