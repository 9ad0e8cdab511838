/* SPDX-License-Identifier: MIT */
/*
 * sched/topology.h - the machine's shape and the scheduling domains Linux
 * 6.1 and 6.12 build on it (sched/topology.c): sockets x cores x SMT
 * threads, one domain per level a CPU belongs to (SMT, MC, and the
 * package: DIE in 6.1, PKG in 6.12), each with its span, groups, flags
 * and balancing parameters, and each CPU's last-level cache.
 *
 * The kernel links its domains from every runqueue and reaches them
 * under RCU; here a struct sched_topology holds them all, built once,
 * read-only after, and never copied (domains point at each other).
 */
#ifndef KSTRUCT_SCHED_TOPOLOGY_H
#define KSTRUCT_SCHED_TOPOLOGY_H

#include <stdbool.h>
#include <stddef.h>

#include "compat/check.h"

#include "sched/sched.h"

/*
 * The domain flags the model uses, by the kernel's names (the bit values
 * are this project's).  6.1 calls SD_SHARE_LLC SD_SHARE_PKG_RESOURCES.
 */
#define SD_BALANCE_NEWIDLE (1U << 0) /* balance when a CPU goes idle */
#define SD_BALANCE_EXEC (1U << 1) /* place on exec */
#define SD_BALANCE_FORK (1U << 2) /* place on fork */
#define SD_BALANCE_WAKE (1U << 3) /* place on wake-up (never set) */
#define SD_WAKE_AFFINE (1U << 4) /* a waker may pull its wakee */
#define SD_SHARE_CPUCAPACITY (1U << 5) /* SMT siblings: one core */
#define SD_SHARE_LLC (1U << 6) /* one last-level cache */
#define SD_PREFER_SIBLING (1U << 7) /* spread to siblings first */

/* the flags that need two groups to mean anything (SDF_NEEDS_GROUPS) */
#define SD_DEGENERATE_GROUPS_MASK                                 \
	(SD_BALANCE_NEWIDLE | SD_BALANCE_EXEC | SD_BALANCE_FORK | \
	 SD_BALANCE_WAKE | SD_SHARE_CPUCAPACITY | SD_SHARE_LLC |  \
	 SD_PREFER_SIBLING)

/* the levels of the x86 topology the model builds (no CLS, no NUMA) */
enum sd_level {
	SD_LV_SMT,
	SD_LV_MC,
	SD_LV_PKG,
	SD_LV_NR,
};

/* which kernel's rules: cfs mirrors 6.1, eevdf 6.12 */
enum fair_version {
	FAIR_V6_1,
	FAIR_V6_12,
};

/**
 * struct sched_topology_desc - the machine (this project's)
 * @sockets: packages
 * @cores: cores per package
 * @threads: SMT threads per core
 *
 * CPUs are numbered thread by thread within a core, core by core within
 * a package: cpu = (socket * @cores + core) * @threads + thread.  (The
 * kernel takes the firmware's numbering, which on x86 often lists every
 * core's first thread before the second ones.)
 */
struct sched_topology_desc {
	unsigned int sockets;
	unsigned int cores;
	unsigned int threads;
};

/**
 * struct sched_domain - one CPU's domain at one level
 * @name: "SMT", "MC", "DIE" (6.1) or "PKG" (6.12)
 * @level: enum sd_level
 * @span: the CPUs it covers, a bit per CPU
 * @span_weight: how many
 * @flags: SD_*
 * @min_interval: shortest balance interval, ms (the span weight)
 * @max_interval: longest, ms (twice the span weight)
 * @balance_interval: the current one, ms (starts at @min_interval)
 * @busy_factor: how much less often a busy CPU balances (16)
 * @imbalance_pct: how much busier a group must be to pull from (%)
 * @cache_nice_tries: failed balances before cache-hot tasks may move
 * @nr_groups: its groups: the child level's spans (single CPUs under the
 *	lowest level), the one holding the domain's CPU first, the others
 *	in CPU order from there, wrapping
 * @groups: their spans
 * @group_flags: each group's flags (6.12 reads them): the child
 *	domain's flags when the groups were built; all 0 when the domain
 *	below was dropped as degenerate; the first one's the new child's
 *	when the domain between was dropped (the kernel's quirk: the
 *	others keep the dropped domain's)
 * @parent: the level above, NULL at the top
 * @child: the level below, NULL at the bottom
 */
struct sched_domain {
	const char *name;
	enum sd_level level;
	unsigned long span;
	unsigned int span_weight;
	unsigned int flags;
	unsigned int min_interval;
	unsigned int max_interval;
	unsigned int balance_interval;
	unsigned int busy_factor;
	unsigned int imbalance_pct;
	unsigned int cache_nice_tries;
	unsigned int nr_groups;
	unsigned long groups[NR_CPUS];
	unsigned int group_flags[NR_CPUS];
	struct sched_domain *parent;
	struct sched_domain *child;
};

/**
 * struct sched_topology - every CPU's domains (this project's holder)
 * @desc: the machine
 * @version: whose names (DIE or PKG)
 * @nr_cpus: sockets * cores * threads
 * @smt_mask: each CPU's core: itself and its SMT siblings
 * @core_mask: each CPU's package
 * @nr_domains: each CPU's domain count after degenerate ones are dropped
 * @sd: each CPU's domains, bottom up (the kernel's rq->sd is [cpu][0])
 * @llc_id: each CPU's last-level cache: the first CPU sharing it
 * @llc_size: how many CPUs share it
 * @sd_llc: the highest domain sharing it, NULL when none
 */
struct sched_topology {
	struct sched_topology_desc desc;
	enum fair_version version;
	unsigned int nr_cpus;
	unsigned long smt_mask[NR_CPUS];
	unsigned long core_mask[NR_CPUS];
	unsigned int nr_domains[NR_CPUS];
	struct sched_domain sd[NR_CPUS][SD_LV_NR];
	int llc_id[NR_CPUS];
	unsigned int llc_size[NR_CPUS];
	struct sched_domain *sd_llc[NR_CPUS];
};

/* CPUs in a span */
static inline unsigned int cpumask_weight(unsigned long mask)
{
	return (unsigned int)__builtin_popcountl(mask);
}

static inline bool cpumask_test_cpu(int cpu, unsigned long mask)
{
	return (mask >> cpu) & 1;
}

/* the lowest CPU of a non-empty span */
static inline int cpumask_first(unsigned long mask)
{
	return __builtin_ctzl(mask);
}

/* walk @cpu's domains bottom up (the kernel's for_each_domain) */
#define for_each_domain(topo, cpu, __sd)                                  \
	for (__sd = (topo)->nr_domains[cpu] ? &(topo)->sd[cpu][0] : NULL; \
	     __sd; __sd = __sd->parent)

/**
 * sched_topology_parse() - read "SOCKETSxCORESxTHREADS" (e.g. "2x4x2")
 * @arg: the text
 * @desc: filled on success
 * @err: a message on failure
 * @errlen: its size
 *
 * Return: 0, or -EINVAL when @arg is not three positive numbers joined by
 * 'x' or asks for more than NR_CPUS CPUs.
 */
int sched_topology_parse(const char *arg, struct sched_topology_desc *desc,
			 char *err, size_t errlen);

/**
 * sched_topology_build() - build every CPU's domains for @desc
 * @topo: filled on success (untouched on failure)
 * @desc: the machine; {1, n, 1} is the default: one MC domain of n CPUs
 * @version: 6.1's or 6.12's names
 * @err: a message on failure
 * @errlen: its size
 *
 * Builds SMT (the core's threads), MC (the package's cores) and the
 * package level (every CPU) as the kernel's sd_init() does, then drops the
 * degenerate ones as cpu_attach_domain() does: a level of one CPU, and a
 * level spanning what the one below does without adding a flag.
 *
 * Return: 0, or -EINVAL for a description with a zero count or more than
 * NR_CPUS CPUs.
 */
int sched_topology_build(struct sched_topology *topo,
			 const struct sched_topology_desc *desc,
			 enum fair_version version, char *err, size_t errlen);

/* whether two CPUs share a last-level cache (the kernel's
 * cpus_share_cache) */
static inline bool cpus_share_cache(const struct sched_topology *topo, int a,
				    int b)
{
	return topo->llc_id[a] == topo->llc_id[b];
}

/**
 * sched_group_cores() - cores in a group's span (6.12's sg->cores)
 * @topo: the topology
 * @span: the group's CPUs
 *
 * Return: how many distinct cores (SMT masks) @span touches.
 */
unsigned int sched_group_cores(const struct sched_topology *topo,
			       unsigned long span);

/**
 * get_sd_balance_interval() - jiffies until @sd's next periodic balance
 * @sd: the domain
 * @cpu_busy: the balancing CPU is not idle
 * @hz: ticks per second
 * @nr_cpus: CPUs online (the ceiling is HZ * nr_cpus / 10)
 *
 * Return: balance_interval ms (times busy_factor, less one jiffy, when
 * busy) in jiffies rounded up, within 1 .. the ceiling.
 */
unsigned long get_sd_balance_interval(const struct sched_domain *sd,
				      bool cpu_busy, unsigned int hz,
				      unsigned int nr_cpus);

/**
 * sd_balance_interval_update() - a periodic balance's effect on @sd's
 * interval (this project's name for the tail of load_balance())
 * @sd: the domain
 * @moved: tasks moved (the interval goes back to min_interval)
 * @newidle: a newly idle balance, which never changes the interval
 *
 * When nothing moved, the interval doubles while below max_interval.
 */
void sd_balance_interval_update(struct sched_domain *sd, bool moved,
				bool newidle);

/**
 * sched_topology_check() - verify @topo
 * @topo: the topology
 *
 * Each CPU's domains nest (a child's span inside its parent's, growing),
 * each holds its CPU, its groups partition its span with the CPU's group
 * first, the parent and child pointers agree, and the LLC of every CPU is
 * the span of its sd_llc.  Reports through the check handler.
 *
 * Context: reads only.
 * Return: true when @topo is sound.
 */
bool sched_topology_check(const struct sched_topology *topo);
#define sched_topology_check(topo) CHECK_CALLER(sched_topology_check, (topo))

#endif /* KSTRUCT_SCHED_TOPOLOGY_H */
