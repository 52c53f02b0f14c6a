// SPDX-License-Identifier: GPL-2.0
/*
 * gpsbox_ddc: a virtual I2C adapter ("gpsbox-ddc", so /dev/i2c-N through i2c-dev) with one
 * device at 0x42 that answers like a u-blox receiver's DDC port (u-blox 8/M8 Receiver
 * Description, section 11.5 "DDC Port"):
 *   register 0xFD, 0xFE  bytes waiting in the output buffer, high byte first (taken when 0xFD
 *                        is read);
 *   register 0xFF        the output stream; 0xFF when nothing is waiting;
 *   a write of one byte sets the register pointer, which auto-increments up to 0xFF and
 *   stays there; a longer write is message input (UBX commands) for the receiver.
 * The receiver itself is `gpsbox simulate` on the host. A feeder in the guest copies its
 * byte stream into /dev/gpsbox-ddc (write = receiver output) and what the daemon wrote to the
 * receiver out of it (read = message input). Test equipment for tests/vm only.
 */
#include <linux/fs.h>
#include <linux/i2c.h>
#include <linux/kfifo.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

static ushort addr = 0x42;
module_param(addr, ushort, 0444);
MODULE_PARM_DESC(addr, "7-bit address of the receiver (u-blox: 0x42)");

static DEFINE_MUTEX(ddc_lock);
static DEFINE_KFIFO(ddc_out, u8, 65536);   /* receiver -> daemon */
static DEFINE_KFIFO(ddc_in, u8, 4096);     /* daemon -> receiver */
static DECLARE_WAIT_QUEUE_HEAD(ddc_in_wait);
static u8 ddc_pointer = 0xFF;
static u16 ddc_count;                      /* snapshot for 0xFD/0xFE */
static unsigned long ddc_dropped;
module_param(ddc_dropped, ulong, 0444);
MODULE_PARM_DESC(ddc_dropped, "output bytes dropped because the buffer was full");

static u8 ddc_read_byte(void)
{
	u8 b = 0xFF;

	switch (ddc_pointer) {
	case 0xFD:
		ddc_count = min_t(unsigned int, kfifo_len(&ddc_out), 0xFFFF);
		b = ddc_count >> 8;
		break;
	case 0xFE:
		b = ddc_count & 0xFF;
		break;
	case 0xFF:
		if (!kfifo_get(&ddc_out, &b))
			b = 0xFF;
		return b;
	default:
		b = 0;
	}
	ddc_pointer++;
	return b;
}

static int ddc_xfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num)
{
	int i, j;

	mutex_lock(&ddc_lock);
	for (i = 0; i < num; i++) {
		struct i2c_msg *m = &msgs[i];

		if (m->addr != addr) {
			mutex_unlock(&ddc_lock);
			return -ENXIO;
		}
		if (m->flags & I2C_M_RD) {
			for (j = 0; j < m->len; j++)
				m->buf[j] = ddc_read_byte();
		} else if (m->len == 1) {
			ddc_pointer = m->buf[0];
		} else if (m->len > 1) {
			kfifo_in(&ddc_in, m->buf, m->len);
			wake_up_interruptible(&ddc_in_wait);
		}
	}
	mutex_unlock(&ddc_lock);
	return num;
}

static u32 ddc_functionality(struct i2c_adapter *adap)
{
	return I2C_FUNC_I2C | I2C_FUNC_SMBUS_EMUL;
}

static const struct i2c_algorithm ddc_algorithm = {
	.master_xfer = ddc_xfer,
	.functionality = ddc_functionality,
};

static struct i2c_adapter ddc_adapter = {
	.owner = THIS_MODULE,
	.class = I2C_CLASS_HWMON,
	.algo = &ddc_algorithm,
	.name = "gpsbox-ddc",
};

/* /dev/gpsbox-ddc: write = bytes the receiver sends; read = bytes written to the receiver. */
static ssize_t feed_write(struct file *f, const char __user *buf, size_t len, loff_t *off)
{
	u8 chunk[256];
	size_t done = 0;

	while (done < len) {
		size_t n = min(len - done, sizeof(chunk)), put;

		if (copy_from_user(chunk, buf + done, n))
			return -EFAULT;
		mutex_lock(&ddc_lock);
		put = kfifo_in(&ddc_out, chunk, n);
		ddc_dropped += n - put;
		mutex_unlock(&ddc_lock);
		done += n;
	}
	return len;
}

static ssize_t feed_read(struct file *f, char __user *buf, size_t len, loff_t *off)
{
	unsigned int copied;
	int ret;

	for (;;) {
		mutex_lock(&ddc_lock);
		if (!kfifo_is_empty(&ddc_in)) {
			ret = kfifo_to_user(&ddc_in, buf, len, &copied);
			mutex_unlock(&ddc_lock);
			return ret ? ret : copied;
		}
		mutex_unlock(&ddc_lock);
		if (f->f_flags & O_NONBLOCK)
			return -EAGAIN;
		ret = wait_event_interruptible(ddc_in_wait, !kfifo_is_empty(&ddc_in));
		if (ret)
			return ret;
	}
}

static __poll_t feed_poll(struct file *f, poll_table *wait)
{
	poll_wait(f, &ddc_in_wait, wait);
	return EPOLLOUT | EPOLLWRNORM | (kfifo_is_empty(&ddc_in) ? 0 : EPOLLIN | EPOLLRDNORM);
}

static const struct file_operations feed_fops = {
	.owner = THIS_MODULE,
	.read = feed_read,
	.write = feed_write,
	.poll = feed_poll,
	.llseek = noop_llseek,
};

static struct miscdevice feed_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "gpsbox-ddc",
	.fops = &feed_fops,
	.mode = 0600,
};

static int __init ddc_init(void)
{
	int ret = misc_register(&feed_dev);

	if (ret)
		return ret;
	ret = i2c_add_adapter(&ddc_adapter);
	if (ret)
		misc_deregister(&feed_dev);
	return ret;
}

static void __exit ddc_exit(void)
{
	i2c_del_adapter(&ddc_adapter);
	misc_deregister(&feed_dev);
}

module_init(ddc_init);
module_exit(ddc_exit);
MODULE_DESCRIPTION("Virtual I2C adapter with a u-blox DDC responder at 0x42 (gpsbox VM check)");
MODULE_LICENSE("GPL");
