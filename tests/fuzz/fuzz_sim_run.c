// SPDX-License-Identifier: MIT
/*
 * tests/fuzz/fuzz_sim_run.c - libFuzzer harness for a whole run of
 * "kstruct sim", with allocations failing: the workload parser
 * (sim/workload.c), the simulator (sim/sim.c driving sched/), the report
 * and every writer of it (sim/report.c: text, JSON, CSV; one class or
 * the comparison of all of them), the traces (sim/trace.c) and the HTML
 * explorer (tools/sim_html.c).
 *
 * Input: four bytes of settings, then the workload text.
 *   byte 0: CPUs 1 + b % 4; b / 4 % 5 picks the class, or (4) every class
 *           in turn, compared as --compare does
 *   byte 1: ticks to run, 1 + b % 40
 *   bytes 2, 3: fault injection: n = 1 + (byte 3 | byte 2 >> 2 << 8); byte
 *           2 % 4 says how: 0 none, 1 the n-th allocation fails
 *           (kmalloc_fail_nth()), 2 every one after the n-th
 *           (kmalloc_fail_after()), 3 the n-th, with the page recorded
 * Injection starts before the workload is parsed, so its allocations
 * fail as well as the run's.
 *
 * What must hold: every failure is an errno the step documents (-ENOMEM
 * only when an allocation failed), a parse failure has a message; every
 * message (the parser's error and warnings, the machine's warnings)
 * holds no control character (compat/escape.h); a writer that succeeds
 * wrote a whole document (the JSON parses); sim_check() after a run that
 * succeeded (its report aborts, fuzz_checks_abort(); the check after
 * every tick is fuzz_sim_workload's, ten times slower; a run an error
 * stopped is only fit for sim_destroy());
 * everything freed: kmalloc_live() comes back.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "tests/fuzz/fuzz.h"
#include "compat/slab.h"
#include "sched/class.h"
#include "sim/report.h"
#include "sim/sim.h"
#include "sim/workload.h"
#include "tools/sim_html.h"

#define NR_SETTINGS 4

/* whether an allocation has been made to fail */
static int injecting;

/* @ret is 0, or -ENOMEM while allocations fail */
#define CHECK_OK(ret) CHECK((ret) == 0 || (injecting && (ret) == -ENOMEM))

/* a message: some text, no control character, no C1 control */
static void check_message(const char *s)
{
	const unsigned char *c = (const unsigned char *)s;

	CHECK(s && *s);
	for (; *c; c++) {
		CHECK(*c >= 0x20 && *c != 0x7f);
		CHECK(!(c[0] == 0xc2 && c[1] >= 0x80 && c[1] <= 0x9f));
	}
}

/* the text of a memory stream: closed, NUL-terminated, to free() */
struct mem {
	FILE *f;
	char *buf;
	size_t len;
};

static void mem_open(struct mem *m)
{
	m->buf = NULL;
	m->len = 0;
	m->f = open_memstream(&m->buf, &m->len);
	if (!m->f)
		abort();
}

static void mem_close(struct mem *m)
{
	fclose(m->f);
	m->f = NULL;
}

/* a JSON document a writer said it wrote whole */
static void check_json(const char *text)
{
	json_error_t jerr;
	json_t *root = json_loads(text, 0, &jerr);

	CHECK(root);
	json_decref(root);
}

/* one class's report, through every single-run writer */
static void write_single(const struct sim_report *r,
			 const struct sim_workload *wl)
{
	struct mem m;
	int ret;

	mem_open(&m);
	ret = sim_report_text(m.f, r, wl);
	mem_close(&m);
	CHECK_OK(ret);
	CHECK(ret || (m.len && m.buf[m.len - 1] == '\n'));
	free(m.buf);

	mem_open(&m);
	ret = sim_report_json(m.f, r, wl);
	mem_close(&m);
	CHECK_OK(ret);
	if (!ret)
		check_json(m.buf);
	free(m.buf);

	mem_open(&m);
	ret = sim_report_csv(m.f, r, wl);
	mem_close(&m);
	CHECK_OK(ret);
	CHECK(ret || (m.len && m.buf[m.len - 1] == '\n'));
	free(m.buf);
}

struct compare_out {
	struct sim_compare cmp;
	struct mem json, csv;
	int failed; /* a writer failed: the documents are not whole */
};

/* run @wl under @cls; Return: 0, or the step's error */
static int run_one(const struct sim_workload *wl, struct sim_options *opt,
		   const struct sched_class *cls, struct sim_html *page,
		   struct compare_out *c, int first, int last)
{
	struct mem trace, chrome;
	const struct sim_report *r;
	struct sim *s = NULL;
	const char *w;
	unsigned int i;
	int ret;

	opt->sched_class = cls;
	mem_open(&trace);
	mem_open(&chrome);
	opt->trace = trace.f;
	opt->chrome = chrome.f;
	ret = page ? sim_html_begin_run(page, cls->name, opt) : 0;
	CHECK_OK(ret);
	if (!ret) {
		ret = sim_create(wl, opt, &s);
		CHECK(ret == 0 || ret == -EFBIG || ret == -EINVAL ||
		      (injecting && ret == -ENOMEM));
	}
	if (!ret) {
		for (i = 0; (w = sim_warning(s, i)); i++)
			check_message(w);
		ret = sim_run(s);
		/*
		 * sound after the run; one an error stopped is only for
		 * sim_destroy() (a task whose start failed is on no list)
		 */
		CHECK(ret || sim_check(s));
		/* a page past one of its limits stops the run */
		CHECK(ret == 0 || (injecting && ret == -ENOMEM) ||
		      (page && ret == -EFBIG && sim_html_why(page)));
	}
	r = ret ? NULL : sim_report(s);
	if (!ret && !r) {
		CHECK(injecting);
		ret = -ENOMEM;
	}
	if (!ret && page) {
		ret = sim_html_end_run(page, r, wl);
		CHECK_OK(ret);
	}
	if (!ret && !c) {
		write_single(r, wl);
	} else if (!ret) {
		int e = sim_compare_json(c->json.f, r, wl, first, last);

		CHECK_OK(e);
		c->failed |= e;
		e = sim_compare_csv(c->csv.f, r, wl, first, last);
		CHECK_OK(e);
		c->failed |= e;
		e = sim_compare_add(&c->cmp, r, wl);
		CHECK_OK(e);
		c->failed |= e;
		if (last && !c->failed) {
			struct mem text;

			mem_open(&text);
			e = sim_compare_text(text.f, &c->cmp, wl, r);
			mem_close(&text);
			CHECK_OK(e);
			free(text.buf);
		}
	}
	sim_destroy(s);
	mem_close(&trace);
	mem_close(&chrome);
	free(trace.buf);
	free(chrome.buf);
	return ret;
}

static void run_all(const struct sim_workload *wl, struct sim_options *opt,
		    int compare, unsigned int cls, int with_page)
{
	struct compare_out c = { .cmp = { 0 } };
	struct sim_html *page = NULL;
	unsigned int nr, i;
	struct mem html;
	int ret = 0;

	for (nr = 0; sched_classes[nr]; nr++)
		;
	if (with_page) {
		ret = sim_html_new(NULL, compare ? nr : 1, &page);
		CHECK_OK(ret);
		if (ret)
			return;
	}
	if (!compare) {
		ret = run_one(wl, opt, sched_classes[cls % nr], page, NULL, 1,
			      1);
	} else {
		mem_open(&c.json);
		mem_open(&c.csv);
		for (i = 0; !ret && i < nr; i++)
			ret = run_one(wl, opt, sched_classes[i], page, &c,
				      i == 0, i == nr - 1);
		mem_close(&c.json);
		mem_close(&c.csv);
		if (!ret && !c.failed)
			check_json(c.json.buf);
		free(c.json.buf);
		free(c.csv.buf);
		sim_compare_release(&c.cmp);
	}
	if (!ret && page) {
		mem_open(&html);
		ret = sim_html_write(page, html.f);
		mem_close(&html);
		CHECK_OK(ret);
		CHECK(ret || strstr(html.buf, "</html>"));
		free(html.buf);
	}
	sim_html_free(page);
}

FUZZ_INITIALIZE()

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sim_options opt = { .seed = size, .max_tasks = 64 };
	struct sim_workload *wl = NULL;
	long live = kmalloc_live();
	unsigned int cpus, mode, i;
	unsigned long n;
	char err[512];
	char *text;
	int ret;

	if (size < NR_SETTINGS)
		return 0;
	cpus = 1 + data[0] % 4;
	opt.nr_cpus = cpus;
	opt.hz = 1000;
	opt.duration_usec = 1000ull * (1 + data[1] % 40);
	mode = data[2] % 4;
	n = 1 + (data[3] | (unsigned long)(data[2] >> 2) << 8);
	text = malloc(size - NR_SETTINGS + 1);
	if (!text)
		return 0;
	memcpy(text, data + NR_SETTINGS, size - NR_SETTINGS);
	text[size - NR_SETTINGS] = '\0';

	injecting = mode != 0;
	if (mode == 2)
		kmalloc_fail_after(n);
	else if (mode)
		kmalloc_fail_nth(n);
	err[0] = '\0';
	ret = sim_workload_parse(text, "fuzz", cpus, &wl, err, sizeof(err));
	free(text);
	if (ret) {
		CHECK(ret == -EINVAL || (injecting && ret == -ENOMEM));
		CHECK(!wl);
		check_message(err);
	} else {
		for (i = 0; i < wl->nr_warnings; i++)
			check_message(wl->warnings[i]);
		run_all(wl, &opt, data[0] / 4 % 5 == 4, data[0] / 4 % 5,
			mode == 3);
		sim_workload_free(wl);
	}
	kmalloc_fault_reset();
	CHECK(kmalloc_live() == live);
	return 0;
}
