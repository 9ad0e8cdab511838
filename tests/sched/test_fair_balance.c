// SPDX-License-Identifier: MIT
/*
 * tests/sched/test_fair_balance.c - the fair balancer's and placement's
 * decisions (sched/fair_balance.c), each case worked by hand from 6.1's
 * and 6.12's rules: RT-reduced capacity, every group classification,
 * find_busiest_group with its imbalance and migration type in each case,
 * the busiest queue, wake_affine both ways, select_idle_sibling and
 * find_idlest_cpu, and select_task_rq_fair's walk.
 */
#include <string.h>

#include "sched/fair_balance.h"
#include "tests/ktest.h"

static struct sched_topology topo;
static struct fair_snapshot snap;

/* a machine of @s x @c x @t, every CPU idle at full capacity */
static void machine(unsigned int s, unsigned int c, unsigned int t,
		    enum fair_version v)
{
	struct sched_topology_desc desc = { s, c, t };
	char err[128];
	unsigned int cpu;

	CU_ASSERT_EQUAL_FATAL(
		sched_topology_build(&topo, &desc, v, err, sizeof(err)), 0);
	memset(&snap, 0, sizeof(snap));
	snap.topo = &topo;
	snap.version = v;
	for (cpu = 0; cpu < topo.nr_cpus; cpu++) {
		snap.cpu[cpu].capacity = 1024;
		snap.cpu[cpu].capacity_orig = 1024;
		snap.cpu[cpu].idle = true;
	}
}

/* @nr fair tasks on @cpu with these averages; busy when @nr > 0 */
static void cpu_runs(int cpu, unsigned int nr, unsigned long load,
		     unsigned long util, unsigned long runnable)
{
	struct fair_cpu_state *rq = &snap.cpu[cpu];

	rq->nr_running = nr;
	rq->h_nr_running = nr;
	rq->load = load;
	rq->util = util;
	rq->runnable = runnable;
	rq->idle = nr == 0;
}

/* n nice-0 hogs: load and runnable n * 1024, the CPU fully used */
static void hogs(int cpu, unsigned int n)
{
	cpu_runs(cpu, n, 1024UL * n, n ? 1024 : 0, 1024UL * n);
}

/* balance @cpu's domain at @level (index in its chain) */
static int balance(int cpu, unsigned int level, enum cpu_idle_type idle,
		   struct lb_env *env, struct sd_lb_stats *sds)
{
	memset(env, 0, sizeof(*env));
	env->snap = &snap;
	env->sd = &topo.sd[cpu][level];
	env->dst_cpu = cpu;
	env->idle = idle;
	env->cpus = env->sd->span;
	return find_busiest_group(env, sds);
}

/* ------------------------------------------------------------ capacity */

/*
 * scale_rt_capacity(max 1024):
 *   no pressure: 1024; RT 256: 768; RT 600 + DL 500 >= 1024: 1;
 *   IRQ 128 and RT 256: (1024 - 256) * (1024 - 128) / 1024 = 672;
 *   IRQ 1024: 1.
 * check_cpu_capacity() at imbalance_pct 117: 876 * 117 = 102492 is not
 * below 102400 (not reduced); 875 * 117 = 102375 is.
 */
static void test_capacity(void)
{
	CU_ASSERT_EQUAL(scale_rt_capacity(1024, 0, 0, 0), 1024);
	CU_ASSERT_EQUAL(scale_rt_capacity(1024, 256, 0, 0), 768);
	CU_ASSERT_EQUAL(scale_rt_capacity(1024, 600, 500, 0), 1);
	CU_ASSERT_EQUAL(scale_rt_capacity(1024, 1024, 0, 0), 1);
	CU_ASSERT_EQUAL(scale_rt_capacity(1024, 256, 0, 128), 672);
	CU_ASSERT_EQUAL(scale_rt_capacity(1024, 0, 0, 1024), 1);

	machine(1, 2, 1, FAIR_V6_1);
	snap.cpu[1].capacity = 876;
	CU_ASSERT_FALSE(check_cpu_capacity(&snap, 1, &topo.sd[1][0]));
	snap.cpu[1].capacity = 875;
	CU_ASSERT(check_cpu_capacity(&snap, 1, &topo.sd[1][0]));
}

/* -------------------------------------------------------- classification */

static struct sg_lb_stats group(unsigned int weight, unsigned int nr,
				unsigned long util, unsigned long runnable)
{
	struct sg_lb_stats sgs = { 0 };

	sgs.group_weight = weight;
	sgs.sum_nr_running = nr;
	sgs.sum_h_nr_running = nr;
	sgs.group_capacity = 1024UL * weight;
	sgs.group_util = util;
	sgs.group_runnable = runnable;
	return sgs;
}

/*
 * Two CPUs (capacity 2048), imbalance_pct 117:
 *   1 task: fewer tasks than CPUs, has_spare
 *   2 tasks at util 1000: 2048 * 100 = 204800 > 1000 * 117 = 117000,
 *     has_spare; at util 2000 (runnable 2000): 204800 > 234000 fails,
 *     fully_busy (2 tasks on 2 CPUs is not overloaded)
 *   3 tasks, util 2040: 204800 < 238680, overloaded
 *   3 tasks, util 1500, runnable 2100: 204800 < 175500 no, 2048 * 117 =
 *     239616 < 210000 no: not overloaded; capacity left (204800 >
 *     175500): has_spare.  With runnable 3000: 239616 < 300000, overloaded
 *   imbalanced beats everything but overloaded; misfit load beats
 *     fully_busy and has_spare; smt_balance (6.12 only) beats misfit
 */
static void test_classify(void)
{
	struct sg_lb_stats sgs;

	sgs = group(2, 1, 1024, 1024);
	CU_ASSERT_EQUAL(group_classify(FAIR_V6_1, 117, false, &sgs),
			group_has_spare);
	sgs = group(2, 2, 1000, 1000);
	CU_ASSERT_EQUAL(group_classify(FAIR_V6_1, 117, false, &sgs),
			group_has_spare);
	sgs = group(2, 2, 2000, 2000);
	CU_ASSERT_EQUAL(group_classify(FAIR_V6_1, 117, false, &sgs),
			group_fully_busy);
	sgs = group(2, 3, 2040, 2040);
	CU_ASSERT_EQUAL(group_classify(FAIR_V6_1, 117, false, &sgs),
			group_overloaded);
	CU_ASSERT_EQUAL(group_classify(FAIR_V6_1, 117, true, &sgs),
			group_overloaded);
	sgs = group(2, 3, 1500, 2100);
	CU_ASSERT_EQUAL(group_classify(FAIR_V6_12, 117, false, &sgs),
			group_has_spare);
	sgs.group_runnable = 3000;
	CU_ASSERT_EQUAL(group_classify(FAIR_V6_12, 117, false, &sgs),
			group_overloaded);

	sgs = group(2, 2, 2000, 2000);
	CU_ASSERT_EQUAL(group_classify(FAIR_V6_1, 117, true, &sgs),
			group_imbalanced);
	sgs.group_misfit_task_load = 800;
	CU_ASSERT_EQUAL(group_classify(FAIR_V6_1, 117, false, &sgs),
			group_misfit_task);
	sgs.group_smt_balance = 1;
	CU_ASSERT_EQUAL(group_classify(FAIR_V6_1, 117, false, &sgs),
			group_misfit_task);
	CU_ASSERT_EQUAL(group_classify(FAIR_V6_12, 117, false, &sgs),
			group_smt_balance);
	CU_ASSERT_EQUAL(group_classify(FAIR_V6_12, 117, true, &sgs),
			group_imbalanced);
}

/* ------------------------------------------------------ find_busiest_group */

/*
 * Three hogs on two CPUs (1x2x1, one MC domain, a group per CPU), CPU 1
 * with one hog balancing busy:
 *   CPU 0: 2 tasks, util 1024: 102400 < 119808, overloaded, avg_load
 *     2048 * 1024 / 1024 = 2048
 *   CPU 1: 1 task on 1 CPU, util 1024: fully_busy
 * busiest overloaded, so balance; local not overloaded: avg_load 1024 <
 * 2048 and < the domain's (2048 + 1024) * 1024 / 2048 = 1536: migrate_load
 * min((2048 - 1536) * 1024, (1536 - 1024) * 1024) / 1024 = 512.  (A hog
 * of load 1024 moves only once failures halve its load to 512.)  The
 * queue: CPU 0.  Both versions agree.
 */
static void test_fbg_overloaded_vs_busy(void)
{
	struct lb_env env;
	struct sd_lb_stats sds;

	for (int v = FAIR_V6_1; v <= FAIR_V6_12; v++) {
		machine(1, 2, 1, (enum fair_version)v);
		hogs(0, 2);
		hogs(1, 1);
		CU_ASSERT_EQUAL(balance(1, 0, CPU_NOT_IDLE, &env, &sds), 1);
		CU_ASSERT_EQUAL(sds.local, 0);
		CU_ASSERT_EQUAL(sds.local_stat.group_type, group_fully_busy);
		CU_ASSERT_EQUAL(sds.busiest_stat.group_type, group_overloaded);
		CU_ASSERT_EQUAL(sds.busiest_stat.avg_load, 2048);
		CU_ASSERT_EQUAL(sds.avg_load, 1536);
		CU_ASSERT_EQUAL(env.migration_type, migrate_load);
		CU_ASSERT_EQUAL(env.imbalance, 512);
		CU_ASSERT_EQUAL(sched_balance_find_src_rq(&env, 1), 0);
		CU_ASSERT(sds.overloaded);
	}
}

/*
 * An idle CPU 1 beside CPU 0 with 2 hogs: local has_spare (1 idle CPU),
 * busiest overloaded.  The MC domain shares the LLC, so not by
 * utilization: the busiest group is one CPU, so by tasks, 6.1: 2 - 0 = 2,
 * 6.12: sibling_imbalance with 1 core each, 2 - 0 = 2; halved: 1 task.
 */
static void test_fbg_idle_pulls_task(void)
{
	struct lb_env env;
	struct sd_lb_stats sds;

	for (int v = FAIR_V6_1; v <= FAIR_V6_12; v++) {
		machine(1, 2, 1, (enum fair_version)v);
		hogs(0, 2);
		CU_ASSERT_EQUAL(balance(1, 0, CPU_IDLE, &env, &sds), 1);
		CU_ASSERT_EQUAL(sds.local_stat.group_type, group_has_spare);
		CU_ASSERT_EQUAL(sds.local_stat.idle_cpus, 1);
		CU_ASSERT_EQUAL(env.migration_type, migrate_task);
		CU_ASSERT_EQUAL(env.imbalance, 1);
		CU_ASSERT_EQUAL(sched_balance_find_src_rq(&env, 1), 0);
	}
}

/*
 * One hog each, CPU 1 busy: both fully_busy, not overloaded, and a busy
 * CPU never pulls from a group that is not: balanced.  Idle with one hog
 * on CPU 0 only: busiest fully_busy of one CPU running one task: balanced.
 */
static void test_fbg_balanced(void)
{
	struct lb_env env;
	struct sd_lb_stats sds;

	machine(1, 2, 1, FAIR_V6_1);
	hogs(0, 1);
	hogs(1, 1);
	CU_ASSERT_EQUAL(balance(1, 0, CPU_NOT_IDLE, &env, &sds), -1);
	CU_ASSERT_EQUAL(env.imbalance, 0);
	CU_ASSERT_EQUAL(sds.busiest, 1);
	CU_ASSERT_EQUAL(sds.busiest_stat.group_type, group_fully_busy);
	hogs(1, 0);
	CU_ASSERT_EQUAL(balance(1, 0, CPU_IDLE, &env, &sds), -1);
	/* nothing fair anywhere: no busiest at all */
	hogs(0, 0);
	CU_ASSERT_EQUAL(balance(1, 0, CPU_IDLE, &env, &sds), -1);
	CU_ASSERT_EQUAL(sds.busiest, -1);
}

/*
 * Both overloaded (1x2x1): CPU 0 three hogs (avg 3072), CPU 1 two (avg
 * 2048), CPU 1 balancing busy.  2048 < 3072, < (5120 * 1024 / 2048 =
 * 2560), and 100 * 3072 = 307200 > 117 * 2048 = 239616: balance.  Local
 * overloaded, so straight to migrate_load: min(512, 512) = 512.  With CPU
 * 0's load 2300 instead: 230000 <= 239616, within imbalance_pct: balanced.
 */
static void test_fbg_both_overloaded(void)
{
	struct lb_env env;
	struct sd_lb_stats sds;

	machine(1, 2, 1, FAIR_V6_1);
	hogs(0, 3);
	hogs(1, 2);
	CU_ASSERT_EQUAL(balance(1, 0, CPU_NOT_IDLE, &env, &sds), 1);
	CU_ASSERT_EQUAL(sds.local_stat.group_type, group_overloaded);
	CU_ASSERT_EQUAL(env.migration_type, migrate_load);
	CU_ASSERT_EQUAL(env.imbalance, 512);
	cpu_runs(0, 3, 2300, 1024, 3072);
	CU_ASSERT_EQUAL(balance(1, 0, CPU_NOT_IDLE, &env, &sds), -1);
}

/*
 * Across packages (2x2x1, PKG level of CPU 2; its groups are the
 * packages).  Package 0: CPU 0 two hogs, CPU 1 one: 3 tasks on 2 CPUs,
 * util 2048, overloaded, avg 3072 * 1024 / 2048 = 1536.  Package 1 idle,
 * has_spare.  Spreading to siblings (6.1: MC below prefers siblings;
 * 6.12: the busiest group's flags do; 3 - 0 tasks on equal cores) forces
 * a balance; PKG shares no LLC and the busiest is overloaded: by
 * utilization, the local group's spare 2048 - 0.  The queue: a CPU
 * with 2+ tasks, the highest utilization: CPU 0.
 */
static void test_fbg_util_across_packages(void)
{
	struct lb_env env;
	struct sd_lb_stats sds;

	for (int v = FAIR_V6_1; v <= FAIR_V6_12; v++) {
		machine(2, 2, 1, (enum fair_version)v);
		hogs(0, 2);
		hogs(1, 1);
		CU_ASSERT_STRING_EQUAL(topo.sd[2][1].name,
				       v == FAIR_V6_1 ? "DIE" : "PKG");
		CU_ASSERT_EQUAL(balance(2, 1, CPU_IDLE, &env, &sds), 1);
		CU_ASSERT_EQUAL(sds.prefer_sibling, 1);
		CU_ASSERT_EQUAL(sds.busiest_stat.group_type, group_overloaded);
		CU_ASSERT_EQUAL(sds.busiest_stat.avg_load, 1536);
		CU_ASSERT_EQUAL(env.migration_type, migrate_util);
		CU_ASSERT_EQUAL(env.imbalance, 2048);
		CU_ASSERT_EQUAL(sched_balance_find_src_rq(&env, 1), 0);
	}
}

/*
 * Both packages with spare room (2x2x1, PKG of CPU 2, light tasks of
 * util 600).  Package 0 runs one on each CPU: 2 tasks, 204800 > 140400,
 * has_spare, no idle CPU.  Package 1 runs one on CPU 3, CPU 2 idle: 1
 * idle CPU <= 0 + 1: moving a task would only move the idle CPU:
 * balanced.  With CPU 3 idle too: 2 tasks > 0 + 1 (6.1), or
 * sibling_imbalance 2 > 1 (6.12): by tasks, (2 - 0) / 2 = 1.
 */
static void test_fbg_spare_vs_spare(void)
{
	struct lb_env env;
	struct sd_lb_stats sds;

	for (int v = FAIR_V6_1; v <= FAIR_V6_12; v++) {
		machine(2, 2, 1, (enum fair_version)v);
		cpu_runs(0, 1, 1024, 600, 600);
		cpu_runs(1, 1, 1024, 600, 600);
		cpu_runs(3, 1, 1024, 600, 600);
		CU_ASSERT_EQUAL(balance(2, 1, CPU_IDLE, &env, &sds), -1);
		CU_ASSERT_EQUAL(sds.busiest_stat.group_type, group_has_spare);
		cpu_runs(3, 0, 0, 0, 0);
		CU_ASSERT_EQUAL(balance(2, 1, CPU_IDLE, &env, &sds), 1);
		CU_ASSERT_EQUAL(env.migration_type, migrate_task);
		CU_ASSERT_EQUAL(env.imbalance, 1);
		CU_ASSERT_EQUAL(sched_balance_find_src_rq(&env, 1), 0);
	}
}

/*
 * An SMT core with two light tasks seen by an idle core (1x2x2, MC of
 * CPU 2: groups are the cores).  6.12 marks the busy core smt_balance
 * (its threads share capacity, 2 fair tasks, an idle balancer): one task
 * to move.  6.1 sees has_spare (204800 > 800 * 117) and moves one task by
 * count: 2 > 0 + 1, (2 - 0) / 2 = 1.
 */
static void test_fbg_smt_balance(void)
{
	struct lb_env env;
	struct sd_lb_stats sds;

	machine(1, 2, 2, FAIR_V6_12);
	cpu_runs(0, 1, 1024, 400, 400);
	cpu_runs(1, 1, 1024, 400, 400);
	CU_ASSERT_EQUAL(balance(2, 1, CPU_IDLE, &env, &sds), 1);
	CU_ASSERT_EQUAL(sds.busiest_stat.group_type, group_smt_balance);
	CU_ASSERT_EQUAL(env.migration_type, migrate_task);
	CU_ASSERT_EQUAL(env.imbalance, 1);

	machine(1, 2, 2, FAIR_V6_1);
	cpu_runs(0, 1, 1024, 400, 400);
	cpu_runs(1, 1, 1024, 400, 400);
	CU_ASSERT_EQUAL(balance(2, 1, CPU_IDLE, &env, &sds), 1);
	CU_ASSERT_EQUAL(sds.busiest_stat.group_type, group_has_spare);
	CU_ASSERT_EQUAL(env.migration_type, migrate_task);
	CU_ASSERT_EQUAL(env.imbalance, 1);
}

/*
 * 6.12's rules for groups that differ, on 1x2x2's MC of CPU 2 with its
 * groups edited (a symmetric machine never builds these; asymmetric SMT
 * would):
 *   the local core {2,3} without SMT flags (CPU 3 one task, CPU 2 idle),
 *     the busy core {0,1} an SMT core with 2 light tasks: smt_balance;
 *     sibling_imbalance 2 - 1 = 1 does not force, and one idle CPU
 *     against none would be balanced, but an SMT core against a non-SMT
 *     one forces: one task
 *   group {0,1} counted as two cores (no SMT flags, prefers siblings)
 *     with 3 light tasks, the local one core idle: has_spare; the
 *     tasks per core (1 * 3 - 2 * 0) * 2 + 1 + 2 = 9, / 3 = 3 > 1
 *     forces, and half of it, 1, moves
 */
static void test_fbg_612_uneven_groups(void)
{
	struct lb_env env;
	struct sd_lb_stats sds;

	machine(1, 2, 2, FAIR_V6_12);
	cpu_runs(0, 1, 1024, 300, 300);
	cpu_runs(1, 1, 1024, 300, 300);
	cpu_runs(3, 1, 1024, 300, 300);
	topo.sd[2][1].group_flags[0] = 0;
	CU_ASSERT_EQUAL(balance(2, 1, CPU_IDLE, &env, &sds), 1);
	CU_ASSERT_EQUAL(sds.busiest_stat.group_type, group_smt_balance);
	CU_ASSERT_EQUAL(env.migration_type, migrate_task);
	CU_ASSERT_EQUAL(env.imbalance, 1);

	machine(1, 2, 2, FAIR_V6_12);
	cpu_runs(0, 2, 2048, 600, 600);
	cpu_runs(1, 1, 1024, 300, 300);
	topo.smt_mask[0] = 0x1;
	topo.smt_mask[1] = 0x2;
	topo.sd[2][1].group_flags[1] = SD_PREFER_SIBLING;
	CU_ASSERT_EQUAL(sched_group_cores(&topo, 0x3), 2);
	CU_ASSERT_EQUAL(balance(2, 1, CPU_IDLE, &env, &sds), 1);
	CU_ASSERT_EQUAL(sds.busiest_stat.group_type, group_has_spare);
	CU_ASSERT_EQUAL(sds.prefer_sibling, 1);
	CU_ASSERT_EQUAL(env.migration_type, migrate_task);
	CU_ASSERT_EQUAL(env.imbalance, 1);

	/*
	 * 2x4x1's PKG of CPU 4, the local package counted as one core, idle;
	 * the other (4 cores) runs 2 light tasks: (1 * 2 - 0) * 2 + 1 + 4 = 9,
	 * / 5 = 1, but an idle group facing 2+ tasks takes 2: forced, and
	 * half of 2 moves (without that rule nothing would).
	 */
	machine(2, 4, 1, FAIR_V6_12);
	cpu_runs(0, 1, 1024, 300, 300);
	cpu_runs(1, 1, 1024, 300, 300);
	for (int cpu = 4; cpu < 8; cpu++)
		topo.smt_mask[cpu] = 0xf0;
	CU_ASSERT_EQUAL(balance(4, 1, CPU_IDLE, &env, &sds), 1);
	CU_ASSERT_EQUAL(sds.busiest_stat.group_type, group_has_spare);
	CU_ASSERT_EQUAL(env.migration_type, migrate_task);
	CU_ASSERT_EQUAL(env.imbalance, 1);
}

/*
 * A group whose balance below failed on affinity: imbalanced (CPU 0, one
 * light task, would otherwise be has_spare... and balanced): one task.
 */
static void test_fbg_imbalanced(void)
{
	struct lb_env env;
	struct sd_lb_stats sds;

	machine(1, 2, 1, FAIR_V6_1);
	cpu_runs(0, 1, 1024, 300, 300);
	CU_ASSERT_EQUAL(balance(1, 0, CPU_IDLE, &env, &sds), -1);
	snap.sg_imbalanced = 1UL << 0;
	CU_ASSERT_EQUAL(balance(1, 0, CPU_IDLE, &env, &sds), 1);
	CU_ASSERT_EQUAL(sds.busiest_stat.group_type, group_imbalanced);
	CU_ASSERT_EQUAL(env.migration_type, migrate_task);
	CU_ASSERT_EQUAL(env.imbalance, 1);
}

/*
 * RT pressure: CPU 0 left 700 of 1024 (700 * 117 = 81900 < 102400) runs
 * one fair task of load 1024.  An idle CPU 1 sees a misfit: migrate_load
 * of 1024, and the lone task qualifies (its load is not above the
 * imbalance).  A busy CPU does not record misfits: CPU 0 is fully_busy
 * (700 * 117 < 1024 * 100 runnable), and nothing moves.
 */
static void test_fbg_misfit(void)
{
	struct lb_env env;
	struct sd_lb_stats sds;

	machine(1, 2, 1, FAIR_V6_12);
	cpu_runs(0, 1, 1024, 700, 1024);
	snap.cpu[0].capacity = 700;
	CU_ASSERT_EQUAL(balance(1, 0, CPU_IDLE, &env, &sds), 1);
	CU_ASSERT_EQUAL(sds.busiest_stat.group_type, group_misfit_task);
	CU_ASSERT_EQUAL(sds.busiest_stat.group_misfit_task_load, 1024);
	CU_ASSERT_EQUAL(env.migration_type, migrate_load);
	CU_ASSERT_EQUAL(env.imbalance, 1024);
	CU_ASSERT_EQUAL(sched_balance_find_src_rq(&env, 1), 0);

	hogs(1, 1);
	CU_ASSERT_EQUAL(balance(1, 0, CPU_NOT_IDLE, &env, &sds), -1);
	CU_ASSERT_EQUAL(sds.busiest_stat.group_type, group_fully_busy);
}

/*
 * Picking among groups (1x4x1, CPU 0 idle): CPU 1 two hogs (overloaded,
 * avg 2048), CPU 2 three light tasks of load 512 each (util 1024:
 * overloaded, avg 1536), CPU 3 one hog (fully_busy).  The overloaded
 * group with the higher avg_load: CPU 1.  Then by tasks (one CPU), (2 -
 * 0) / 2 = 1.  Among fully busy groups of equal (uncomputed, 0) avg_load
 * 6.1 keeps the first and 6.12 takes the later, their threads not being
 * SMT siblings: CPUs 1, 2 one hog each, 3 idle.
 */
static void test_pick_busiest(void)
{
	struct lb_env env;
	struct sd_lb_stats sds;

	machine(1, 4, 1, FAIR_V6_1);
	hogs(1, 2);
	cpu_runs(2, 3, 1536, 1024, 3072);
	hogs(3, 1);
	CU_ASSERT_EQUAL(balance(0, 0, CPU_IDLE, &env, &sds), 1);
	CU_ASSERT_EQUAL(topo.sd[0][0].groups[1], 1UL << 1);
	CU_ASSERT_EQUAL(sds.busiest_stat.avg_load, 2048);
	CU_ASSERT_EQUAL(env.migration_type, migrate_task);
	CU_ASSERT_EQUAL(env.imbalance, 1);

	for (int v = FAIR_V6_1; v <= FAIR_V6_12; v++) {
		machine(1, 4, 1, (enum fair_version)v);
		hogs(1, 1);
		hogs(2, 1);
		CU_ASSERT_EQUAL(balance(0, 0, CPU_IDLE, &env, &sds), -1);
		CU_ASSERT_EQUAL(sds.busiest, v == FAIR_V6_1 ? 1 : 2);
	}
}

/*
 * sched_balance_find_src_rq() by migration type (1x4x1, group = all of
 * MC's CPUs is not a group: use PKG of 2x2x1, group {0, 1}):
 *   load: CPU 0 one task load 3000 above an imbalance of 1000 stays;
 *     CPU 1 two tasks load 1500: chosen
 *   util: only CPUs with 2+ tasks; the highest utilization
 *   task: the most fair tasks
 */
static void test_find_src_rq(void)
{
	struct lb_env env = { 0 };

	machine(2, 2, 1, FAIR_V6_1);
	env.snap = &snap;
	env.sd = &topo.sd[2][1];
	env.dst_cpu = 2;
	env.cpus = env.sd->span;
	CU_ASSERT_EQUAL(env.sd->groups[1], 0x3);
	cpu_runs(0, 1, 3000, 1024, 1024);
	cpu_runs(1, 2, 1500, 900, 2048);
	env.migration_type = migrate_load;
	env.imbalance = 1000;
	CU_ASSERT_EQUAL(sched_balance_find_src_rq(&env, 1), 1);
	env.imbalance = 4000;
	CU_ASSERT_EQUAL(sched_balance_find_src_rq(&env, 1), 0);
	env.migration_type = migrate_util;
	CU_ASSERT_EQUAL(sched_balance_find_src_rq(&env, 1), 1);
	env.migration_type = migrate_task;
	CU_ASSERT_EQUAL(sched_balance_find_src_rq(&env, 1), 1);
	env.cpus &= ~0x2UL; /* CPU 1 no longer a candidate */
	CU_ASSERT_EQUAL(sched_balance_find_src_rq(&env, 1), 0);
}

/* ------------------------------------------------------------ wake-ups */

/*
 * wake_affine_idle() on 1x2x1 (one LLC) and 2x1x1 (two):
 *   the waker's CPU idle, the previous busy, one cache: the waker's
 *   both idle: the previous
 *   two caches, the waker's idle: idleness does not decide (-1)
 *   sync with the waker alone on its CPU: the waker's; 6.12 does not
 *     count a delayed task, 6.1 does
 *   the previous idle: the previous
 */
static void test_wake_affine_idle(void)
{
	machine(1, 2, 1, FAIR_V6_1);
	hogs(1, 1);
	CU_ASSERT_EQUAL(wake_affine_idle(&snap, 0, 1, false), 0);
	hogs(1, 0);
	CU_ASSERT_EQUAL(wake_affine_idle(&snap, 0, 1, false), 1);

	machine(2, 1, 1, FAIR_V6_1);
	hogs(1, 1);
	CU_ASSERT_EQUAL(wake_affine_idle(&snap, 0, 1, false), -1);
	hogs(0, 1);
	CU_ASSERT_EQUAL(wake_affine_idle(&snap, 0, 1, true), 0);
	hogs(0, 2);
	snap.cpu[0].h_nr_delayed = 1;
	CU_ASSERT_EQUAL(wake_affine_idle(&snap, 0, 1, true), -1);
	snap.version = FAIR_V6_12;
	CU_ASSERT_EQUAL(wake_affine_idle(&snap, 0, 1, true), 0);
	hogs(1, 0);
	CU_ASSERT_EQUAL(wake_affine_idle(&snap, 0, 1, false), 1);
}

/*
 * wake_affine_weight() on MC (imbalance_pct 117, the previous CPU's bias
 * 100 + 17 / 2 = 108), capacities 1024, wakee load 512:
 *   waker's CPU load 1024, previous 2048 (the wakee's 512 in it):
 *     this (1024 + 512) * 100 * 1024 = 157286400 <
 *     prev (2048 - 512) * 108 * 1024 = 169869312: the waker's
 *   previous 1900: 1388 * 108 * 1024 = 153501696: not (-1)
 *   sync, the waker's load 1024 leaving: this 512 * 100 * 1024 = 52428800
 *     against 153501696 + 1: the waker's
 *   sync, the waker heavier than its CPU's load: the waker's at once
 * wake_affine() then answers the waker's CPU or the previous.
 */
static void test_wake_affine(void)
{
	struct fair_task_state p = { .cpu = 1, .attached = true, .load = 512 };
	const struct sched_domain *mc;

	machine(1, 2, 1, FAIR_V6_1);
	mc = &topo.sd[0][0];
	cpu_runs(0, 1, 1024, 1024, 1024);
	cpu_runs(1, 2, 2048, 1024, 2048);
	CU_ASSERT_EQUAL(wake_affine_weight(&snap, mc, &p, 0, 1, false, 0), 0);
	CU_ASSERT_EQUAL(wake_affine(&snap, mc, &p, 0, 1, false, 0), 0);
	cpu_runs(1, 2, 1900, 1024, 2048);
	CU_ASSERT_EQUAL(wake_affine_weight(&snap, mc, &p, 0, 1, false, 0), -1);
	CU_ASSERT_EQUAL(wake_affine(&snap, mc, &p, 0, 1, false, 0), 1);
	cpu_runs(0, 2, 1024, 1024, 1024); /* not alone: idle rule silent */
	CU_ASSERT_EQUAL(wake_affine_weight(&snap, mc, &p, 0, 1, true, 1024), 0);
	CU_ASSERT_EQUAL(wake_affine_weight(&snap, mc, &p, 0, 1, true, 1025), 0);
	/* the waker leaving a heavier CPU: prev wins again */
	cpu_runs(0, 2, 4000, 1024, 2048);
	CU_ASSERT_EQUAL(wake_affine(&snap, mc, &p, 0, 1, true, 1024), 1);
}

/*
 * select_idle_sibling() on 1x4x1: the previous CPU (= target) 1 busy,
 * CPU 2 idle: the scan from target + 1 finds 2, an idle sibling over the
 * busy previous CPU.  Target idle: target.  The previous idle and in the
 * cache: previous.  The recent CPU idle: recent.  A CPU running only
 * SCHED_IDLE tasks counts as idle.  Nothing idle: target.
 */
static void test_select_idle_sibling(void)
{
	struct fair_task_state p = { .cpu = 1,
				     .allowed = ~0UL,
				     .recent_used_cpu = -1 };

	machine(1, 4, 1, FAIR_V6_1);
	hogs(0, 1);
	hogs(1, 1);
	hogs(3, 1);
	CU_ASSERT_EQUAL(select_idle_sibling(&snap, &p, 1, 1), 2);
	CU_ASSERT_EQUAL(select_idle_sibling(&snap, &p, 1, 2), 2);
	CU_ASSERT_EQUAL(select_idle_sibling(&snap, &p, 2, 0), 2);
	p.allowed = ~(1UL << 2);
	CU_ASSERT_EQUAL(select_idle_sibling(&snap, &p, 1, 1), 1);
	p.allowed = ~0UL;
	hogs(2, 1);
	CU_ASSERT_EQUAL(select_idle_sibling(&snap, &p, 1, 1), 1);
	hogs(3, 0);
	p.recent_used_cpu = 3;
	CU_ASSERT_EQUAL(select_idle_sibling(&snap, &p, 1, 0), 3);
	p.recent_used_cpu = -1;
	snap.cpu[3].nr_running = 1;
	snap.cpu[3].h_nr_running = 1;
	snap.cpu[3].idle_h_nr_running = 1;
	snap.cpu[3].idle = false;
	CU_ASSERT_EQUAL(select_idle_sibling(&snap, &p, 1, 1), 3);
	snap.cpu[3].idle_h_nr_running = 0;
	CU_ASSERT_EQUAL(select_idle_sibling(&snap, &p, 1, 1), 1);

	/* an idle CPU in another LLC is not looked at (2x2x1) */
	machine(2, 2, 1, FAIR_V6_1);
	hogs(0, 1);
	hogs(1, 1);
	CU_ASSERT_EQUAL(select_idle_sibling(&snap, &p, 0, 0), 0);
	/* one CPU: no LLC domain, target */
	machine(1, 1, 1, FAIR_V6_1);
	hogs(0, 1);
	CU_ASSERT_EQUAL(select_idle_sibling(&snap, &p, 0, 0), 0);
}

/*
 * With SMT (1x2x2, cores {0,1} and {2,3}), target = previous = CPU 0 busy:
 *   CPU 1 idle and core {2,3} idle: a whole idle core wins: the scan
 *     from 1 strikes core {0,1} (remembering 1) and returns 2
 *   CPU 3 busy: no idle core, so the previous CPU's idle sibling: 1
 *   CPU 1 busy too: any idle CPU from 1 on: 2
 */
static void test_select_idle_smt(void)
{
	struct fair_task_state p = { .cpu = 0,
				     .allowed = ~0UL,
				     .recent_used_cpu = -1 };

	machine(1, 2, 2, FAIR_V6_12);
	hogs(0, 1);
	CU_ASSERT_EQUAL(select_idle_sibling(&snap, &p, 0, 0), 2);
	hogs(3, 1);
	CU_ASSERT_EQUAL(select_idle_sibling(&snap, &p, 0, 0), 1);
	hogs(1, 1);
	CU_ASSERT_EQUAL(select_idle_sibling(&snap, &p, 0, 0), 2);
}

/* ----------------------------------------------------- fork placement */

/*
 * find_idlest_cpu() for a fork from CPU 0:
 *   1x4x1, CPUs 0, 1 one hog each, 2 and 3 idle: local fully_busy, the
 *     idlest has_spare (the first of equal ones: CPU 2): CPU 2
 *   1x2x2, core {0,1} busy, core {2,3} idle, CPU 3 idle since 200 and CPU
 *     2 since 100: the idle core, its most recently idle CPU 3; then
 *     within the core ({3} local, has_spare like {2}): stay, 3
 *   1x2x1, CPU 0 two hogs, CPU 1 one: overloaded local, fully_busy idlest:
 *     CPU 1
 *   one hog each: both fully_busy at avg 1024; 1024 >= 1024 + 174
 *     fails, but 100 * 1024 <= 117 * 1024: stay, CPU 0
 *   CPU 1 idle: a fork moves there (local fully_busy); an exec of the task
 *     running on CPU 0 sees its CPU idle without it: stays
 */
static void test_find_idlest_cpu(void)
{
	struct fair_task_state p = { .cpu = 0,
				     .allowed = ~0UL,
				     .recent_used_cpu = -1 };

	machine(1, 4, 1, FAIR_V6_1);
	hogs(0, 1);
	hogs(1, 1);
	CU_ASSERT_EQUAL(find_idlest_cpu(&snap, &topo.sd[0][0], &p, 0, 0,
					SD_BALANCE_FORK),
			2);
	p.allowed = 0x3;
	CU_ASSERT_EQUAL(find_idlest_cpu(&snap, &topo.sd[0][0], &p, 0, 0,
					SD_BALANCE_FORK),
			0);
	p.allowed = ~0UL;

	machine(1, 2, 2, FAIR_V6_12);
	hogs(0, 1);
	hogs(1, 1);
	snap.cpu[2].idle_stamp = 100;
	snap.cpu[3].idle_stamp = 200;
	CU_ASSERT_EQUAL(find_idlest_cpu(&snap, &topo.sd[0][1], &p, 0, 0,
					SD_BALANCE_FORK),
			3);

	machine(1, 2, 1, FAIR_V6_1);
	hogs(0, 2);
	hogs(1, 1);
	CU_ASSERT_EQUAL(find_idlest_cpu(&snap, &topo.sd[0][0], &p, 0, 0,
					SD_BALANCE_FORK),
			1);
	hogs(0, 1);
	CU_ASSERT_EQUAL(find_idlest_cpu(&snap, &topo.sd[0][0], &p, 0, 0,
					SD_BALANCE_FORK),
			0);
	hogs(1, 0);
	CU_ASSERT_EQUAL(find_idlest_cpu(&snap, &topo.sd[0][0], &p, 0, 0,
					SD_BALANCE_FORK),
			1);
	p.attached = true;
	p.load = 1024;
	p.util = 1024;
	p.runnable = 1024;
	CU_ASSERT_EQUAL(find_idlest_cpu(&snap, &topo.sd[0][0], &p, 0, 0,
					SD_BALANCE_EXEC),
			0);
	/* a domain the task may not run in: its CPU */
	p.allowed = 0;
	CU_ASSERT_EQUAL(find_idlest_cpu(&snap, &topo.sd[0][0], &p, 0, 1,
					SD_BALANCE_EXEC),
			1);
}

/*
 * select_task_rq_fair() on 1x4x1:
 *   a wake-up from CPU 0 (one hog, load 1024) of a task last on CPU 1
 *     (one hog): wake_affine says previous ((1024 + 512) * 100 against
 *     (1024 - 512) * 108), then CPU 2, the idle sibling after it
 *   wake_wide: no affinity, MC lacks SD_BALANCE_WAKE: straight to
 *     select_idle_sibling(1, 1): 2
 *   a fork from CPU 0: MC has SD_BALANCE_FORK: find_idlest_cpu: 2
 *   one CPU: no domains: the previous CPU
 */
static void test_select_task_rq(void)
{
	struct fair_task_state p = {
		.cpu = 1, .load = 512, .allowed = ~0UL, .recent_used_cpu = -1
	};

	machine(1, 4, 1, FAIR_V6_1);
	hogs(0, 1);
	hogs(1, 1);
	CU_ASSERT_EQUAL(select_task_rq_fair(&snap, &p, 0, WF_TTWU, 0), 2);
	hogs(2, 1);
	hogs(3, 1);
	CU_ASSERT_EQUAL(select_task_rq_fair(&snap, &p, 0, WF_TTWU, 0), 1);
	/* the waker about to sleep and alone: its CPU */
	CU_ASSERT_EQUAL(
		select_task_rq_fair(&snap, &p, 0, WF_TTWU | WF_SYNC, 1024), 0);
	hogs(3, 0);
	p.wake_wide = true;
	CU_ASSERT_EQUAL(
		select_task_rq_fair(&snap, &p, 0, WF_TTWU | WF_SYNC, 1024), 3);
	hogs(2, 0);
	p.cpu = 0;
	CU_ASSERT_EQUAL(select_task_rq_fair(&snap, &p, 0, WF_FORK, 0), 2);

	machine(1, 1, 1, FAIR_V6_1);
	hogs(0, 1);
	CU_ASSERT_EQUAL(select_task_rq_fair(&snap, &p, 0, WF_FORK, 0), 0);
	CU_ASSERT_EQUAL(select_task_rq_fair(&snap, &p, 0, WF_TTWU, 0), 0);
}

/* ------------------------------------------------------------------ soak */

static unsigned int seed = 61;

static unsigned int rnd(unsigned int n)
{
	seed = seed * 1103515245 + 12345;
	return (seed >> 16) % n;
}

/*
 * Random machines and states: every answer is in range and consistent.
 * find_busiest_group() names a group other than the local one exactly
 * when it asks for a positive imbalance, and its queue is a candidate CPU
 * of that group with a fair task; placement answers an allowed CPU.
 */
static void test_soak(void)
{
	unsigned int round, cpu, lv;

	for (round = 0; round < 400; round++) {
		unsigned int s = 1 + rnd(2), c = 1 + rnd(4), t = 1 + rnd(2);
		struct fair_task_state p = { 0 };

		machine(s, c, t, rnd(2) ? FAIR_V6_12 : FAIR_V6_1);
		for (cpu = 0; cpu < topo.nr_cpus; cpu++) {
			unsigned int nr = rnd(4);

			cpu_runs((int)cpu, nr, 1024UL * nr * rnd(3) / 2,
				 rnd(1100), 300UL * nr + rnd(500));
			snap.cpu[cpu].capacity = 1024 - rnd(2) * rnd(600);
			snap.cpu[cpu].idle_stamp = rnd(1000);
		}
		snap.sg_imbalanced = rnd(8) ? 0 : 1UL << rnd(topo.nr_cpus);
		for (cpu = 0; cpu < topo.nr_cpus; cpu++)
			for (lv = 0; lv < topo.nr_domains[cpu]; lv++) {
				struct lb_env env;
				struct sd_lb_stats sds;
				int g, src;

				g = balance((int)cpu, lv,
					    (enum cpu_idle_type)rnd(3), &env,
					    &sds);
				CU_ASSERT((g >= 0) == (env.imbalance > 0));
				CU_ASSERT(env.imbalance >= 0);
				if (g < 0)
					continue;
				CU_ASSERT(g != sds.local);
				CU_ASSERT((unsigned int)g < env.sd->nr_groups);
				src = sched_balance_find_src_rq(
					&env, (unsigned int)g);
				if (src < 0)
					continue;
				CU_ASSERT(cpumask_test_cpu(
					src, env.sd->groups[g] & env.cpus));
				CU_ASSERT(snap.cpu[src].h_nr_running > 0);
			}
		p.cpu = (int)rnd(topo.nr_cpus);
		p.attached = rnd(2);
		p.load = rnd(2048);
		p.allowed = (topo.nr_cpus == NR_CPUS ?
				     ~0UL :
				     (1UL << topo.nr_cpus) - 1) &
			    ~(rnd(2) ? 0 : 1UL << rnd(topo.nr_cpus));
		p.allowed |= 1UL << p.cpu;
		p.recent_used_cpu = (int)rnd(topo.nr_cpus + 1) - 1;
		p.wake_wide = rnd(4) == 0;
		for (cpu = 0; cpu < topo.nr_cpus; cpu++) {
			int flags = rnd(2) ? WF_TTWU :
					     (rnd(2) ? WF_FORK : WF_EXEC);
			int dst;

			if (!cpumask_test_cpu((int)cpu, p.allowed))
				continue;
			dst = select_task_rq_fair(
				&snap, &p, (int)cpu,
				flags | (rnd(2) ? WF_SYNC : 0), rnd(2048));
			CU_ASSERT(dst >= 0 && (unsigned int)dst < topo.nr_cpus);
			CU_ASSERT(cpumask_test_cpu(dst, p.allowed));
		}
	}
}

static CU_TestInfo capacity_tests[] = {
	{ "RT, DL and IRQ pressure; reduced capacity", test_capacity },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo classify_tests[] = {
	{ "each type, worked by hand", test_classify },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo fbg_tests[] = {
	{ "overloaded against fully busy: load 512",
	  test_fbg_overloaded_vs_busy },
	{ "an idle CPU pulls one task", test_fbg_idle_pulls_task },
	{ "balanced: no pull", test_fbg_balanced },
	{ "both overloaded, imbalance_pct decides", test_fbg_both_overloaded },
	{ "across packages by utilization", test_fbg_util_across_packages },
	{ "spare against spare: idle CPUs decide", test_fbg_spare_vs_spare },
	{ "6.12's smt_balance, 6.1's task count", test_fbg_smt_balance },
	{ "6.12: SMT against non-SMT, uneven cores",
	  test_fbg_612_uneven_groups },
	{ "an imbalanced group: one task", test_fbg_imbalanced },
	{ "RT-squeezed CPU: misfit load", test_fbg_misfit },
	{ "the busiest among several; 6.1 and 6.12 ties", test_pick_busiest },
	{ "the queue by migration type", test_find_src_rq },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo wake_tests[] = {
	{ "wake_affine_idle each way", test_wake_affine_idle },
	{ "wake_affine_weight both ways, sync", test_wake_affine },
	{ "select_idle_sibling: idle sibling over busy prev",
	  test_select_idle_sibling },
	{ "select_idle_sibling: idle core, then SMT sibling",
	  test_select_idle_smt },
	{ "find_idlest_cpu: fork and exec", test_find_idlest_cpu },
	{ "select_task_rq_fair: wake-up, wide, sync, fork",
	  test_select_task_rq },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo soak_tests[] = {
	{ "random machines: answers in range, consistent", test_soak },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sched/fair_balance/scale_rt_capacity", capacity_tests, NULL, NULL)
KTEST_SUITE("sched/fair_balance/group_classify", classify_tests, NULL, NULL)
KTEST_SUITE("sched/fair_balance/find_busiest_group", fbg_tests, NULL, NULL)
KTEST_SUITE("sched/fair_balance/select_task_rq_fair", wake_tests, NULL, NULL)
KTEST_SUITE("sched/fair_balance/soak", soak_tests, NULL, NULL)
