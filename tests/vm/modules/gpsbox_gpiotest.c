// SPDX-License-Identifier: GPL-2.0
/*
 * gpsbox_gpiotest: a 32-line GPIO chip for the gpsbox VM check (tests/vm). Debian's kernels
 * have neither gpio-sim nor gpio-mockup, so the status LED needs a chip of its own. Every
 * line works as an output; each change of a line's level is recorded with its time in
 * ktime_get_ns() nanoseconds, so the test can check blink patterns from the timing the
 * kernel saw rather than from a sampling loop that TCG would slow down.
 *
 *   /sys/kernel/debug/gpsbox-gpiotest/events   "<ns> <line> <level>" per change (ring of 4096)
 *   /sys/kernel/debug/gpsbox-gpiotest/values   32 characters '0'/'1', line 0 first
 */
#include <linux/debugfs.h>
#include <linux/gpio/driver.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/seq_file.h>
#include <linux/spinlock.h>

#define NLINES 32
#define NEVENTS 4096

struct gt_event { u64 ns; u8 line; u8 level; };

static DEFINE_SPINLOCK(gt_lock);
static unsigned long gt_levels;
static unsigned long gt_output;           /* 1: line is an output */
static struct gt_event gt_events[NEVENTS];
static unsigned int gt_head, gt_count;    /* ring: oldest at gt_head - gt_count */
static struct dentry *gt_dir;
static struct platform_device *gt_pdev;

static void gt_record(unsigned int line, int level)
{
	unsigned long flags;
	spin_lock_irqsave(&gt_lock, flags);
	if (!!test_bit(line, &gt_levels) != !!level) {
		struct gt_event *e = &gt_events[gt_head];
		e->ns = ktime_get_ns();
		e->line = line;
		e->level = !!level;
		gt_head = (gt_head + 1) % NEVENTS;
		if (gt_count < NEVENTS)
			gt_count++;
		assign_bit(line, &gt_levels, level);
	}
	spin_unlock_irqrestore(&gt_lock, flags);
}

static int gt_get(struct gpio_chip *gc, unsigned int line)
{
	return test_bit(line, &gt_levels);
}

static void gt_set(struct gpio_chip *gc, unsigned int line, int value)
{
	gt_record(line, value);
}

static int gt_get_direction(struct gpio_chip *gc, unsigned int line)
{
	return test_bit(line, &gt_output) ? GPIO_LINE_DIRECTION_OUT : GPIO_LINE_DIRECTION_IN;
}

static int gt_direction_input(struct gpio_chip *gc, unsigned int line)
{
	clear_bit(line, &gt_output);
	return 0;
}

static int gt_direction_output(struct gpio_chip *gc, unsigned int line, int value)
{
	set_bit(line, &gt_output);
	gt_record(line, value);
	return 0;
}

static int gt_events_show(struct seq_file *s, void *unused)
{
	unsigned int i, n, start;
	unsigned long flags;
	struct gt_event *copy = kvmalloc_array(NEVENTS, sizeof(*copy), GFP_KERNEL);

	if (!copy)
		return -ENOMEM;
	spin_lock_irqsave(&gt_lock, flags);
	n = gt_count;
	start = (gt_head + NEVENTS - gt_count) % NEVENTS;
	for (i = 0; i < n; i++)
		copy[i] = gt_events[(start + i) % NEVENTS];
	spin_unlock_irqrestore(&gt_lock, flags);
	for (i = 0; i < n; i++)
		seq_printf(s, "%llu %u %u\n", copy[i].ns, copy[i].line, copy[i].level);
	kvfree(copy);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(gt_events);

static int gt_values_show(struct seq_file *s, void *unused)
{
	unsigned int i;
	for (i = 0; i < NLINES; i++)
		seq_putc(s, test_bit(i, &gt_levels) ? '1' : '0');
	seq_putc(s, '\n');
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(gt_values);

static struct gpio_chip gt_chip = {
	.label = "gpsbox-gpiotest",
	.owner = THIS_MODULE,
	.base = -1,
	.ngpio = NLINES,
	.get = gt_get,
	.set = gt_set,
	.get_direction = gt_get_direction,
	.direction_input = gt_direction_input,
	.direction_output = gt_direction_output,
	.can_sleep = false,
};

static int __init gt_init(void)
{
	int ret;

	gt_pdev = platform_device_register_simple("gpsbox-gpiotest", -1, NULL, 0);
	if (IS_ERR(gt_pdev))
		return PTR_ERR(gt_pdev);
	gt_chip.parent = &gt_pdev->dev;
	ret = gpiochip_add_data(&gt_chip, NULL);
	if (ret) {
		platform_device_unregister(gt_pdev);
		return ret;
	}
	gt_dir = debugfs_create_dir("gpsbox-gpiotest", NULL);
	debugfs_create_file("events", 0444, gt_dir, NULL, &gt_events_fops);
	debugfs_create_file("values", 0444, gt_dir, NULL, &gt_values_fops);
	return 0;
}

static void __exit gt_exit(void)
{
	debugfs_remove_recursive(gt_dir);
	gpiochip_remove(&gt_chip);
	platform_device_unregister(gt_pdev);
}

module_init(gt_init);
module_exit(gt_exit);
MODULE_DESCRIPTION("GPIO test chip that records line changes (gpsbox VM check)");
MODULE_LICENSE("GPL");
