// SPDX-License-Identifier: MIT
/*
 * sched/topology.c - the scheduling domains of Linux 6.1 and 6.12.
 *
 * Mirrors kernel/sched/topology.c: sd_init (flags, intervals, busy
 * factor, imbalance_pct and cache_nice_tries by level), build_sched_groups
 * (a domain's groups are its child's spans, the CPU's own first),
 * sd_degenerate, sd_parent_degenerate and cpu_attach_domain (dropping the
 * levels that add nothing), update_top_cache_domain (the LLC), and
 * init_sched_groups_capacity's count of cores (6.12); kernel/sched/fair.c:
 * get_sd_balance_interval and the interval's update at the end of
 * load_balance().  Written from the kernel's description of them.
 *
 * Deliberate differences from the kernel (docs/fidelity.md):
 *  - The machine is sockets x cores x threads, numbered by this project
 *    (see struct sched_topology_desc), all CPUs of equal capacity: no
 *    asymmetric capacities, no cluster (CLS) level, no NUMA levels, no
 *    SD_ASYM_PACKING (ITMT), no root domains or exclusive cpusets.
 *  - Domains live in one struct sched_topology, not per-CPU memory under
 *    RCU; groups are spans, their capacity is computed by the balancer.
 *  - msecs_to_jiffies() rounds up as 6.x's does (compat/jiffies.h has
 *    2.5's, which rounds down).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/topology.h"

/* the default topology's levels: the CPUs a level spans, and its flags */
static unsigned long level_mask(const struct sched_topology *topo,
				enum sd_level level, int cpu)
{
	switch (level) {
	case SD_LV_SMT:
		return topo->smt_mask[cpu];
	case SD_LV_MC:
		return topo->core_mask[cpu];
	default:
		return topo->nr_cpus == NR_CPUS ? ~0UL :
						  (1UL << topo->nr_cpus) - 1;
	}
}

static unsigned int level_flags(enum sd_level level)
{
	switch (level) {
	case SD_LV_SMT:
		return SD_SHARE_CPUCAPACITY | SD_SHARE_LLC;
	case SD_LV_MC:
		return SD_SHARE_LLC;
	default:
		return 0;
	}
}

static const char *level_name(enum sd_level level, enum fair_version version)
{
	switch (level) {
	case SD_LV_SMT:
		return "SMT";
	case SD_LV_MC:
		return "MC";
	default:
		return version == FAIR_V6_1 ? "DIE" : "PKG";
	}
}

/* @cpu's domain at @level, before any is dropped (sd_init) */
static void sd_init(const struct sched_topology *topo, struct sched_domain *sd,
		    enum sd_level level, int cpu)
{
	unsigned long span = level_mask(topo, level, cpu);
	unsigned int weight = cpumask_weight(span);

	memset(sd, 0, sizeof(*sd));
	sd->name = level_name(level, topo->version);
	sd->level = level;
	sd->span = span;
	sd->span_weight = weight;
	sd->min_interval = weight;
	sd->max_interval = 2 * weight;
	sd->balance_interval = weight;
	sd->busy_factor = 16;
	sd->imbalance_pct = 117;
	sd->flags = SD_BALANCE_NEWIDLE | SD_BALANCE_EXEC | SD_BALANCE_FORK |
		    SD_WAKE_AFFINE | SD_PREFER_SIBLING | level_flags(level);
	if (sd->flags & SD_SHARE_CPUCAPACITY)
		sd->imbalance_pct = 110; /* siblings share a core */
	else
		sd->cache_nice_tries = 1; /* 117 stays for LLC and package */
}

/*
 * The groups of @cpu's domain at @level: the child level's spans (single
 * CPUs at the bottom), met scanning the span from @cpu up and around.
 */
static void build_sched_groups(const struct sched_topology *topo,
			       struct sched_domain *sd, int cpu,
			       unsigned int child_flags)
{
	unsigned long covered = 0;
	unsigned int k;

	for (k = 0; k < topo->nr_cpus; k++) {
		int i = (int)((cpu + k) % topo->nr_cpus);
		unsigned long group;

		if (!cpumask_test_cpu(i, sd->span) ||
		    cpumask_test_cpu(i, covered))
			continue;
		group = sd->level == SD_LV_SMT ?
				1UL << i :
				level_mask(topo, sd->level - 1, i) & sd->span;
		sd->group_flags[sd->nr_groups] =
			sd->level == SD_LV_SMT ? 0 : child_flags;
		sd->groups[sd->nr_groups++] = group;
		covered |= group;
	}
}

/* a domain that balances nothing and places nothing */
static bool sd_degenerate(const struct sched_domain *sd)
{
	if (sd->span_weight == 1)
		return true;
	if ((sd->flags & SD_DEGENERATE_GROUPS_MASK) && sd->nr_groups > 1)
		return false;
	return !(sd->flags & SD_WAKE_AFFINE);
}

/* @parent adds nothing to @sd: the same CPUs, no flag @sd lacks */
static bool sd_parent_degenerate(const struct sched_domain *sd,
				 const struct sched_domain *parent)
{
	unsigned int pflags = parent->flags;

	if (sd_degenerate(parent))
		return true;
	if (sd->span != parent->span)
		return false;
	if (parent->nr_groups == 1)
		pflags &= ~SD_DEGENERATE_GROUPS_MASK;
	return !(pflags & ~sd->flags);
}

/* build @cpu's levels, drop the degenerate ones, keep the rest in order */
static void cpu_attach_domain(struct sched_topology *topo, int cpu)
{
	struct sched_domain built[SD_LV_NR];
	bool kept[SD_LV_NR];
	int lv, tmp, parent, up, n = 0;

	for (lv = 0; lv < SD_LV_NR; lv++) {
		sd_init(topo, &built[lv], (enum sd_level)lv, cpu);
		build_sched_groups(topo, &built[lv], cpu,
				   lv ? built[lv - 1].flags : 0);
		kept[lv] = true;
	}
	/* walk up: drop each parent that adds nothing to the level below */
	for (tmp = 0;;) {
		for (parent = tmp + 1; parent < SD_LV_NR && !kept[parent];
		     parent++)
			;
		if (parent >= SD_LV_NR)
			break;
		if (!sd_parent_degenerate(&built[tmp], &built[parent])) {
			tmp = parent;
			continue;
		}
		kept[parent] = false;
		for (up = parent + 1; up < SD_LV_NR && !kept[up]; up++)
			;
		if (up < SD_LV_NR)
			built[up].group_flags[0] = built[tmp].flags;
		if (built[parent].flags & SD_PREFER_SIBLING)
			built[tmp].flags |= SD_PREFER_SIBLING;
	}
	/* then the bottom level itself, when it is one CPU or adds nothing */
	if (sd_degenerate(&built[0])) {
		kept[0] = false;
		for (up = 1; up < SD_LV_NR && !kept[up]; up++)
			;
		if (up < SD_LV_NR)
			memset(built[up].group_flags, 0,
			       sizeof(built[up].group_flags));
	}
	for (lv = 0; lv < SD_LV_NR; lv++)
		if (kept[lv])
			topo->sd[cpu][n++] = built[lv];
	topo->nr_domains[cpu] = (unsigned int)n;
	for (lv = 0; lv < n; lv++) {
		topo->sd[cpu][lv].child = lv ? &topo->sd[cpu][lv - 1] : NULL;
		topo->sd[cpu][lv].parent = lv + 1 < n ? &topo->sd[cpu][lv + 1] :
							NULL;
	}
}

/* the highest of the lowest domains that share a last-level cache */
static void update_top_cache_domain(struct sched_topology *topo, int cpu)
{
	struct sched_domain *sd, *llc = NULL;

	for_each_domain(topo, cpu, sd) {
		if (!(sd->flags & SD_SHARE_LLC))
			break;
		llc = sd;
	}
	topo->sd_llc[cpu] = llc;
	topo->llc_id[cpu] = llc ? cpumask_first(llc->span) : cpu;
	topo->llc_size[cpu] = llc ? llc->span_weight : 1;
}

static int desc_verify(const struct sched_topology_desc *desc, char *err,
		       size_t errlen)
{
	unsigned long nr;

	if (!desc->sockets || !desc->cores || !desc->threads) {
		snprintf(err, errlen,
			 "topology %ux%ux%u: sockets, cores and threads must "
			 "each be at least 1",
			 desc->sockets, desc->cores, desc->threads);
		return -EINVAL;
	}
	nr = (unsigned long)desc->sockets * desc->cores;
	if (desc->sockets > NR_CPUS || desc->cores > NR_CPUS ||
	    desc->threads > NR_CPUS || nr * desc->threads > NR_CPUS) {
		snprintf(err, errlen, "topology %ux%ux%u: more than %d CPUs",
			 desc->sockets, desc->cores, desc->threads, NR_CPUS);
		return -EINVAL;
	}
	return 0;
}

int sched_topology_parse(const char *arg, struct sched_topology_desc *desc,
			 char *err, size_t errlen)
{
	unsigned long v[3];
	const char *p = arg;
	char *end;
	int i;

	for (i = 0; i < 3; i++) {
		if (*p < '0' || *p > '9')
			goto bad;
		v[i] = strtoul(p, &end, 10);
		p = end;
		if (i < 2 && *p++ != 'x')
			goto bad;
	}
	if (*p)
		goto bad;
	if (!v[0] || !v[1] || !v[2]) {
		snprintf(err, errlen,
			 "topology \"%s\": sockets, cores and threads must "
			 "each be at least 1",
			 arg);
		return -EINVAL;
	}
	/* each at most NR_CPUS first, so that the product cannot wrap */
	if (v[0] > NR_CPUS || v[1] > NR_CPUS || v[2] > NR_CPUS ||
	    v[0] * v[1] * v[2] > NR_CPUS) {
		snprintf(err, errlen, "topology \"%s\": more than %d CPUs", arg,
			 NR_CPUS);
		return -EINVAL;
	}
	desc->sockets = (unsigned int)v[0];
	desc->cores = (unsigned int)v[1];
	desc->threads = (unsigned int)v[2];
	return 0;
bad:
	snprintf(err, errlen,
		 "topology \"%s\": want SOCKETSxCORESxTHREADS, as 2x4x2", arg);
	return -EINVAL;
}

int sched_topology_build(struct sched_topology *topo,
			 const struct sched_topology_desc *desc,
			 enum fair_version version, char *err, size_t errlen)
{
	unsigned int per_socket, cpu, other;
	int ret = desc_verify(desc, err, errlen);

	if (ret)
		return ret;
	memset(topo, 0, sizeof(*topo));
	topo->desc = *desc;
	topo->version = version;
	topo->nr_cpus = desc->sockets * desc->cores * desc->threads;
	per_socket = desc->cores * desc->threads;
	for (cpu = 0; cpu < topo->nr_cpus; cpu++)
		for (other = 0; other < topo->nr_cpus; other++) {
			if (other / desc->threads == cpu / desc->threads)
				topo->smt_mask[cpu] |= 1UL << other;
			if (other / per_socket == cpu / per_socket)
				topo->core_mask[cpu] |= 1UL << other;
		}
	for (cpu = 0; cpu < topo->nr_cpus; cpu++) {
		cpu_attach_domain(topo, (int)cpu);
		update_top_cache_domain(topo, (int)cpu);
	}
	return 0;
}

unsigned int sched_group_cores(const struct sched_topology *topo,
			       unsigned long span)
{
	unsigned int cores = 0;

	while (span) {
		span &= ~topo->smt_mask[cpumask_first(span)];
		cores++;
	}
	return cores;
}

unsigned long get_sd_balance_interval(const struct sched_domain *sd,
				      bool cpu_busy, unsigned int hz,
				      unsigned int nr_cpus)
{
	unsigned long ms = sd->balance_interval, interval;
	unsigned long ceiling = (unsigned long)hz * nr_cpus / 10;

	if (cpu_busy)
		ms *= sd->busy_factor;
	interval = (ms * hz + 999) / 1000;
	/* busy: one jiffy less, so that levels do not balance in step */
	if (cpu_busy)
		interval -= 1;
	if (interval > ceiling)
		interval = ceiling;
	return interval ? interval : 1;
}

void sd_balance_interval_update(struct sched_domain *sd, bool moved,
				bool newidle)
{
	if (moved)
		sd->balance_interval = sd->min_interval;
	else if (!newidle && sd->balance_interval < sd->max_interval)
		sd->balance_interval *= 2;
}

/* report a violation of @cpu's domain at @lv */
#define sd_bad(cpu, lv, fmt, ...) \
	check_fail("cpu %d domain %d: " fmt, (cpu), (lv), ##__VA_ARGS__)

static bool domain_check(const struct sched_topology *topo, int cpu, int lv)
{
	const struct sched_domain *sd = &topo->sd[cpu][lv];
	unsigned long covered = 0;
	unsigned int g;

	if (!cpumask_test_cpu(cpu, sd->span))
		return sd_bad(cpu, lv, "span %#lx lacks the CPU", sd->span);
	if (sd->span_weight != cpumask_weight(sd->span))
		return sd_bad(cpu, lv, "span_weight %u but span %#lx",
			      sd->span_weight, sd->span);
	if (sd->child != (lv ? &topo->sd[cpu][lv - 1] : NULL) ||
	    sd->parent != ((unsigned int)lv + 1 < topo->nr_domains[cpu] ?
				   &topo->sd[cpu][lv + 1] :
				   NULL))
		return sd_bad(cpu, lv, "parent or child pointer astray");
	if (sd->child && (sd->child->span & ~sd->span))
		return sd_bad(cpu, lv, "child span %#lx outside %#lx",
			      sd->child->span, sd->span);
	if (sd->child && sd->child->span == sd->span)
		return sd_bad(cpu, lv, "same span as its child: degenerate");
	if (!sd->nr_groups || !cpumask_test_cpu(cpu, sd->groups[0]))
		return sd_bad(cpu, lv, "first group lacks the CPU");
	for (g = 0; g < sd->nr_groups; g++) {
		if (!sd->groups[g] || (sd->groups[g] & covered))
			return sd_bad(cpu, lv,
				      "group %u %#lx empty or overlaps", g,
				      sd->groups[g]);
		covered |= sd->groups[g];
	}
	if (covered != sd->span)
		return sd_bad(cpu, lv, "groups cover %#lx, span %#lx", covered,
			      sd->span);
	return true;
}

bool (sched_topology_check)(const struct sched_topology *topo)
{
	unsigned int cpu, lv;

	if (!topo)
		return check_fail("no topology (NULL)");
	for (cpu = 0; cpu < topo->nr_cpus; cpu++) {
		const struct sched_domain *llc = topo->sd_llc[cpu];

		if (topo->nr_domains[cpu] > SD_LV_NR)
			return check_fail("cpu %u: %u domains", cpu,
					  topo->nr_domains[cpu]);
		for (lv = 0; lv < topo->nr_domains[cpu]; lv++)
			if (!domain_check(topo, (int)cpu, (int)lv))
				return false;
		if (llc ? topo->llc_id[cpu] != cpumask_first(llc->span) ||
				    topo->llc_size[cpu] != llc->span_weight :
			  topo->llc_id[cpu] != (int)cpu ||
				    topo->llc_size[cpu] != 1)
			return check_fail("cpu %u: llc_id %d size %u but its "
					  "LLC domain says otherwise",
					  cpu, topo->llc_id[cpu],
					  topo->llc_size[cpu]);
	}
	return true;
}
