"""This machine's addresses on the table's network, for the start-up message and the QR code."""
from __future__ import annotations

import ipaddress
import socket
import struct

SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address


def lan_addresses() -> list[str]:
    """The IPv4 addresses other devices on the network can reach this machine at (no loopback)."""
    found = set(_interface_addresses())
    try:  # elsewhere, or as well: what the host name resolves to
        found.update(info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET))
    except OSError:
        pass
    return sorted(a for a in found if not a.startswith("127."))


def _interface_addresses() -> list[str]:
    """Each network interface's address, asked of the kernel (sends nothing on the network).

    Debian and Raspberry Pi OS resolve the host name to 127.0.1.1, so the name alone would
    find no address a phone can reach.
    """
    try:
        import fcntl
        names = [name for _, name in socket.if_nameindex()]
    except (ImportError, OSError):
        return []
    addresses = []
    for name in names:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            try:
                packed = fcntl.ioctl(s.fileno(), SIOCGIFADDR, struct.pack("256s", name[:15].encode()))
            except OSError:
                continue  # no IPv4 address on this interface
            addresses.append(socket.inet_ntoa(packed[20:24]))
    return addresses


def own_addresses() -> list[str]:
    """Every address of this machine's own interfaces, IPv4 and IPv6, loopback included."""
    found = {"127.0.0.1", "::1", *_interface_addresses(), *_ipv6_interface_addresses()}
    try:
        found.update(info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None))
    except OSError:
        pass
    return sorted(found)


def _ipv6_interface_addresses() -> list[str]:
    """Each interface's IPv6 addresses, as Linux lists them in /proc/net/if_inet6 (elsewhere: none)."""
    try:
        with open("/proc/net/if_inet6") as f:
            lines = f.read().split("\n")
    except OSError:
        return []
    return [str(ipaddress.IPv6Address(bytes.fromhex(line.split()[0]))) for line in lines if line.strip()]
