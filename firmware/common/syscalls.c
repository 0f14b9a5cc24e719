/* The few newlib system calls the libraries and printf need: console output and a bounded heap. */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include "board.h"

extern uint8_t __heap_start;
extern uint8_t __heap_end;

int _write(int fd, const char *buf, int len);
void *_sbrk(ptrdiff_t increment);
int _close(int fd);
int _fstat(int fd, struct stat *st);
int _isatty(int fd);
int _lseek(int fd, int offset, int whence);
int _read(int fd, char *buf, int len);
void _exit(int status);
int _kill(int pid, int sig);
int _getpid(void);

int _write(int fd, const char *buf, int len)
{
    (void)fd;
    for (int i = 0; i < len; i++) {
        if (buf[i] == '\n') {
            board_putc('\r');
        }
        board_putc(buf[i]);
    }
    return len;
}

void *_sbrk(ptrdiff_t increment)
{
    static uint8_t *brk = &__heap_start;
    if (increment > &__heap_end - brk || brk + increment < &__heap_start) {
        errno = ENOMEM;
        return (void *)-1;
    }
    uint8_t *previous = brk;
    brk += increment;
    return previous;
}

int _close(int fd)
{
    (void)fd;
    return -1;
}

int _fstat(int fd, struct stat *st)
{
    (void)fd;
    st->st_mode = S_IFCHR;
    return 0;
}

int _isatty(int fd)
{
    (void)fd;
    return 1;
}

int _lseek(int fd, int offset, int whence)
{
    (void)fd;
    (void)offset;
    (void)whence;
    return 0;
}

int _read(int fd, char *buf, int len)
{
    (void)fd;
    (void)buf;
    (void)len;
    return 0;
}

void _exit(int status)
{
    (void)status;
    for (;;) {
    }
}

int _kill(int pid, int sig)
{
    (void)pid;
    (void)sig;
    errno = EINVAL;
    return -1;
}

int _getpid(void)
{
    return 1;
}
