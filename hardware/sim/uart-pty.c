/* The firmware's UART on a pseudo-terminal: bytes both ways, paced by the UART model's
 * flow control, and every frame decoded into an observation (with the latency of the
 * event a device frame reports). */
#include <fcntl.h>
#include <pty.h>
#include <stdio.h>
#include <termios.h>
#include <unistd.h>

#include <avr_uart.h>
#include <sim_irq.h>

#include "harness.h"

int pty_master = -1;
char pty_path[256];

static uint8_t host_fifo[4096];
static size_t host_head, host_len;
static int uart_xon = 1;
int host_seen;
int awaiting_host;
uint8_t awaited_seq;
uint64_t awaited_cycle;
uint64_t awaited_wall_ns;
static avr_irq_t *uart_in;
static struct frame_decoder device_frames, host_frames;

static void report_latency(const uint8_t *p, uint8_t n)
{
    int idx = -1;
    const char *what = proto_type_name(p[1]);
    char name[16] = "";
    if ((p[1] == MSG_LIFT || p[1] == MSG_PLACE) && n == 7) {
        idx = p[2] & 63;
        square_name((uint8_t)idx, name);
    } else if (p[1] == MSG_LEVER && n == 7) {
        idx = p[2] ? IN_LEVER_BLACK : IN_LEVER_WHITE;
    } else if (p[1] == MSG_BUTTON && n == 8 && p[2] >= 1 && p[2] <= 3) {
        idx = IN_TIME_QUERY + p[2] - 1;
    }
    if (idx < 0 || !action_us[idx]) {
        return;
    }
    if (device == CLOCK) {
        snprintf(name, sizeof name, "%s", input_names[idx]);
    }
    observe("\"latency\":{\"event\":\"%s\",\"input\":\"%s\",\"us\":%llu}", what, name,
            (unsigned long long)(sim_us() - action_us[idx]));
    action_us[idx] = 0;
}

/* A byte the firmware wrote to its UART: to the pseudo-terminal, and decoded. */
static void uart_output(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    (void)param;
    uint8_t b = (uint8_t)value;
    if (write(pty_master, &b, 1) < 0) {
        /* nobody reads: lost, as on a serial line without a listener */
    }
    enum frame_result r = frame_decoder_push(&device_frames, b);
    if (r == FRAME_PACKET) {
        char json[512];
        describe_packet(json, sizeof json, device_frames.packet, device_frames.packet_len);
        observe("\"device\":%s", json);
        if (device_frames.packet[0] != 0) {
            report_latency(device_frames.packet, device_frames.packet_len);
            /* A reliable frame (a first send or a retry): the host's ACK is due. */
            awaiting_host = 1;
            awaited_seq = device_frames.packet[0];
            awaited_cycle = avr->cycle;
            awaited_wall_ns = mono_ns();
        }
    } else if (r != FRAME_NONE) {
        observe("\"bad_frame\":{\"from\":\"device\",\"kind\":\"%s\"}", frame_error_name(r));
    }
}

void feed_uart(void)
{
    while (uart_xon && host_len) {
        uint8_t b = host_fifo[host_head];
        host_head = (host_head + 1) % sizeof host_fifo;
        host_len--;
        avr_raise_irq(uart_in, b);
    }
}

static void uart_xon_hook(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    (void)value;
    (void)param;
    uart_xon = 1;
    feed_uart();
}

static void uart_xoff_hook(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    (void)value;
    (void)param;
    uart_xon = 0;
}

void read_host(void)
{
    uint8_t buf[512];
    for (;;) {
        size_t room = sizeof host_fifo - host_len;
        if (room == 0) {
            break;
        }
        ssize_t n = read(pty_master, buf, room < sizeof buf ? room : sizeof buf);
        if (n <= 0) {
            break;
        }
        host_seen = 1;
        for (ssize_t i = 0; i < n; i++) {
            host_fifo[(host_head + host_len) % sizeof host_fifo] = buf[i];
            host_len++;
            enum frame_result r = frame_decoder_push(&host_frames, buf[i]);
            if (r == FRAME_PACKET) {
                char json[512];
                describe_packet(json, sizeof json, host_frames.packet, host_frames.packet_len);
                observe("\"host\":%s", json);
                const uint8_t *p = host_frames.packet;
                if (p[1] == MSG_ACK && host_frames.packet_len == 3 && p[2] == awaited_seq) {
                    awaiting_host = 0;
                }
            } else if (r != FRAME_NONE) {
                observe("\"bad_frame\":{\"from\":\"host\",\"kind\":\"%s\"}",
                        frame_error_name(r));
            }
        }
    }
    feed_uart();
}

int open_pty(const char *link)
{
    int slave;
    if (openpty(&pty_master, &slave, pty_path, NULL, NULL) < 0) {
        return -1;
    }
    struct termios t;
    tcgetattr(slave, &t);
    cfmakeraw(&t);
    tcsetattr(slave, TCSANOW, &t);
    /* The slave stays open here so the pair survives the host closing its side. */
    fcntl(pty_master, F_SETFL, O_NONBLOCK);
    if (link) {
        char tmp[4096];
        snprintf(tmp, sizeof tmp, "%s.tmp%d", link, (int)getpid());
        unlink(tmp);
        if (symlink(pty_path, tmp) < 0 || rename(tmp, link) < 0) {
            return -1;
        }
    }
    return 0;
}

void uart_attach(void)
{
    uint32_t flags = 0;
    avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
    flags &= ~(uint32_t)(AVR_UART_FLAG_STDIO | AVR_UART_FLAG_POLL_SLEEP);
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                            uart_output, NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON),
                            uart_xon_hook, NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF),
                            uart_xoff_hook, NULL);
    uart_in = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
    frame_decoder_reset(&device_frames);
    frame_decoder_reset(&host_frames);
}
