// SPDX-License-Identifier: MIT
/*
 * tools/cmd_sctp.c - "kstruct sctp [--pcap FILE]": an SCTP association
 * set up, used and shut down between two multi-homed hosts, every packet
 * printed and, with --pcap, written to a pcap file Wireshark decodes.
 *
 * Mirrors no single kernel function: it drives the ported code the way
 * 2.5.33's state machine would - sctp_make_init(), sctp_process_init()
 * on both sides (the INIT, the INIT ACK, the INIT kept in the cookie),
 * sctp_outq_tail()/sctp_outq_flush() for DATA, sctp_make_sack() at the
 * receiver and sctp_sack_outqueue() at the sender, a retransmission on
 * the other path, and a SHUTDOWN exchange - and builds each packet with
 * the packet builder of sctp/packet.c (common header, CRC32c).
 *
 * Deliberate simplifications: the "cookie" is the INIT itself, unsigned;
 * nothing is sent on a network; the lost packet is written to the pcap
 * file (the capture is taken at the sender).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <arpa/inet.h>

#include "compat/slab.h"
#include "list/rculist.h"
#include "sctp/packet.h"
#include "sctp/sm.h"
#include "sctp/structs.h"
#include "tools/cmd_sctp.h"
#include "tools/kstruct.h"
#include "tools/outfile.h"
#include "tools/sctp_pcap.h"

#define WHO "kstruct sctp"

#define CLIENT_PORT 5000
#define SERVER_PORT 80
#define PKT_MAX 1500

/**
 * struct sctp_host - one side of the exchange
 * @name: "A" or "B"
 * @addr: its two IPv4 addresses, as text
 * @port: its port
 * @asoc: its association
 */
struct sctp_host {
	const char *name;
	const char *addr[2];
	uint16_t port;
	struct sctp_association *asoc;
};

/**
 * struct sctp_run - the exchange in progress
 * @pcap: the capture file, or NULL
 * @count: packets so far
 * @out: where the narration goes
 */
struct sctp_run {
	struct sctp_pcap *pcap;
	unsigned int count;
	FILE *out;
};

static union sctp_addr host_addr(const struct sctp_host *h, int i)
{
	union sctp_addr a;

	memset(&a, 0, sizeof(a));
	a.v4.sin_family = AF_INET;
	a.v4.sin_port = htons(h->port);
	inet_pton(AF_INET, h->addr[i], &a.v4.sin_addr);
	return a;
}

static const char *chunk_name(uint8_t type)
{
	static const char *const names[] = {
		"DATA",	 "INIT",	"INIT ACK",
		"SACK",	 "HEARTBEAT",	"HEARTBEAT ACK",
		"ABORT", "SHUTDOWN",	"SHUTDOWN ACK",
		"ERROR", "COOKIE ECHO", "COOKIE ACK",
		"ECNE",	 "CWR",		"SHUTDOWN COMPLETE",
	};

	return type < ARRAY_SIZE(names) ? names[type] : "?";
}

/*
 * Wrap @nchunks chunks in a packet from @from's address @fi to @to's
 * address @ti, print it, and write it to the capture.
 */
static int send_packet(struct sctp_run *run, const struct sctp_host *from,
		       int fi, const struct sctp_host *to, int ti,
		       uint32_t vtag, const char *note,
		       const uint8_t *const *chunks, const int *lens,
		       int nchunks)
{
	uint8_t buf[PKT_MAX];
	struct sctp_packet_buf pkt;
	struct in_addr src, dst;
	size_t len;
	int i, err;

	err = sctp_packet_init(&pkt, buf, sizeof(buf), from->port, to->port,
			       vtag);
	for (i = 0; !err && i < nchunks; i++)
		err = sctp_packet_append_chunk(&pkt, chunks[i],
					       (size_t)lens[i]);
	if (err)
		return err;
	len = sctp_packet_finish(&pkt);
	run->count++;
	fprintf(run->out,
		"%3u  %s %s:%u -> %s %s:%u  vtag %08x  crc32c "
		"%08x  ",
		run->count, from->name, from->addr[fi], from->port, to->name,
		to->addr[ti], to->port, vtag, sctp_load_cksum(buf));
	for (i = 0; i < nchunks; i++)
		fprintf(run->out, "%s%s", i ? " + " : "",
			chunk_name(chunks[i][0]));
	fprintf(run->out, "%s%s\n", note ? "  " : "", note ? note : "");
	if (!run->pcap)
		return 0;
	inet_pton(AF_INET, from->addr[fi], &src);
	inet_pton(AF_INET, to->addr[ti], &dst);
	return sctp_pcap_write(run->pcap, &src, &dst, buf, len);
}

static int send_one(struct sctp_run *run, const struct sctp_host *from, int fi,
		    const struct sctp_host *to, int ti, uint32_t vtag,
		    const char *note, const uint8_t *chunk, int len)
{
	return send_packet(run, from, fi, to, ti, vtag, note, &chunk, &len, 1);
}

/*
 * A DATA chunk for @c, carrying a short message.  Every message goes on
 * stream 0, unfragmented, so the n-th one A sends (TSN first_tsn + n) has
 * stream sequence number n; a retransmission keeps its number.
 */
static int make_data(uint8_t *buf, size_t size, const struct sctp_chunk *c,
		     uint32_t first_tsn)
{
	char msg[32];
	int n = snprintf(msg, sizeof(msg), "message with TSN %u", c->tsn);

	return sctp_make_data_raw(buf, size, c->tsn, 0,
				  (uint16_t)(c->tsn - first_tsn), 0, msg,
				  (size_t)n);
}

/* the chunks in flight on @asoc, oldest first, into @c (at most @max) */
static int in_flight(struct sctp_association *asoc, struct sctp_chunk **c,
		     int max)
{
	struct sctp_transport *t;
	struct sctp_chunk *chunk;
	int n = 0;

	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports)
		list_for_each_entry(chunk, &t->transmitted, list)
			if (n < max)
				c[n++] = chunk;
	return n;
}

/* @to receives a SACK chunk: run it through its outqueue */
static int take_sack(struct sctp_run *run, struct sctp_host *to,
		     const uint8_t *sack, int len)
{
	struct sctp_association *asoc = to->asoc;
	int err;

	spin_lock(&asoc->base.lock);
	err = sctp_sack_outqueue(&asoc->outqueue,
				 (const struct sctp_sackhdr *)(sack + 4),
				 (size_t)len - 4);
	spin_unlock(&asoc->base.lock);
	if (!err)
		fprintf(run->out,
			"     %s: ctsn_ack_point %u, outstanding %u "
			"bytes, peer rwnd %u\n",
			to->name, asoc->ctsn_ack_point,
			asoc->outqueue.outstanding_bytes, asoc->peer.rwnd);
	return err;
}

static int run_scenario(struct sctp_run *run, struct sctp_host *a,
			struct sctp_host *b)
{
	uint8_t init[256], initack[512], chunk[PKT_MAX], chunk2[PKT_MAX];
	const uint8_t *pair[2];
	int lens[2], len, len2, i, n, err;
	struct sctp_init_view view;
	union sctp_addr a0 = host_addr(a, 0), b0 = host_addr(b, 0);
	struct sctp_chunk *flight[8];
	uint32_t got[8];
	unsigned int ngot = 0;
	uint8_t tsn_buf[4];
	uint32_t first_tsn;

	/* A: INIT, with both its addresses */
	len = sctp_make_init(a->asoc, &a->asoc->base.bind_addr, GFP_KERNEL,
			     init, sizeof(init));
	if (len < 0)
		return len;
	err = send_one(run, a, 0, b, 0, 0, NULL, init, len);
	if (err)
		return err;

	/* B: takes the INIT (only the source becomes a peer), INIT ACK */
	err = sctp_process_init(b->asoc, SCTP_CID_INIT, &a0, init, (size_t)len);
	if (err)
		return err;
	len2 = sctp_make_init_ack(b->asoc, &b->asoc->base.bind_addr, GFP_KERNEL,
				  init, (size_t)len, initack, sizeof(initack));
	if (len2 < 0)
		return len2;
	err = send_one(run, b, 0, a, 0, b->asoc->c.peer_vtag,
		       "(the cookie is A's INIT)", initack, len2);
	if (err)
		return err;

	/* A: takes the INIT ACK (B's addresses become peers), COOKIE ECHO */
	err = sctp_verify_init(initack, (size_t)len2, &view);
	if (!err)
		err = sctp_process_init(a->asoc, SCTP_CID_INIT_ACK, &b0,
					initack, (size_t)len2);
	if (err)
		return err;
	len = sctp_make_chunk_raw(chunk, sizeof(chunk), SCTP_CID_COOKIE_ECHO, 0,
				  view.cookie, view.cookie_len);
	if (len < 0)
		return len;
	err = send_one(run, a, 0, b, 0, a->asoc->c.peer_vtag, NULL, chunk, len);
	if (err)
		return err;

	/* B: the cookie's INIT adds A's other address; COOKIE ACK */
	err = sctp_process_init(b->asoc, SCTP_CID_COOKIE_ECHO, &a0, view.cookie,
				view.cookie_len);
	if (err)
		return err;
	a->asoc->state = SCTP_STATE_ESTABLISHED;
	b->asoc->state = SCTP_STATE_ESTABLISHED;
	len = sctp_make_chunk_raw(chunk, sizeof(chunk), SCTP_CID_COOKIE_ACK, 0,
				  NULL, 0);
	err = send_one(run, b, 0, a, 0, b->asoc->c.peer_vtag, NULL, chunk, len);
	if (err)
		return err;
	fprintf(run->out,
		"     established: A has %u paths to B, B has %u "
		"to A\n",
		a->asoc->peer.transport_count, b->asoc->peer.transport_count);

	/* A: four DATA chunks on the active path; the third is lost */
	first_tsn = a->asoc->next_tsn;
	for (i = 0; i < 4; i++) {
		struct sctp_chunk *c =
			sctp_chunk_new(SCTP_CID_DATA, 20, GFP_KERNEL);

		if (!c)
			return -ENOMEM;
		sctp_outq_tail(&a->asoc->outqueue, c);
	}
	spin_lock(&a->asoc->base.lock);
	sctp_outq_flush(&a->asoc->outqueue);
	spin_unlock(&a->asoc->base.lock);
	n = in_flight(a->asoc, flight, 8);
	if (n != 4)
		return -EPROTO;
	lens[0] = make_data(chunk, sizeof(chunk), flight[0], first_tsn);
	lens[1] = make_data(chunk2, sizeof(chunk2), flight[1], first_tsn);
	pair[0] = chunk;
	pair[1] = chunk2;
	err = send_packet(run, a, 0, b, 0, a->asoc->c.peer_vtag, NULL, pair,
			  lens, 2);
	got[ngot++] = flight[0]->tsn;
	got[ngot++] = flight[1]->tsn;
	for (i = 2; !err && i < 4; i++) {
		len = make_data(chunk, sizeof(chunk), flight[i], first_tsn);
		err = send_one(run, a, 0, b, 0, a->asoc->c.peer_vtag,
			       i == 2 ? "(lost on the way)" : NULL, chunk, len);
		if (i == 3)
			got[ngot++] = flight[i]->tsn;
	}
	if (err)
		return err;

	/* B: SACK with a gap; A frees what is acked, keeps the gap-acked */
	len = sctp_make_sack(b->asoc, got, ngot, chunk, sizeof(chunk));
	if (len < 0)
		return len;
	err = send_one(run, b, 0, a, 0, b->asoc->c.peer_vtag,
		       "(cum ack + gap block)", chunk, len);
	if (!err)
		err = take_sack(run, a, chunk, len);
	if (err)
		return err;

	/* A: retransmits the missing TSN on the other path */
	n = in_flight(a->asoc, flight, 8);
	for (i = 0; i < n && flight[i]->tsn_gap_acked; i++)
		;
	if (i == n)
		return -EPROTO;
	len = make_data(chunk, sizeof(chunk), flight[i], first_tsn);
	err = send_one(run, a, 1, b, 1, a->asoc->c.peer_vtag,
		       "(retransmission, other path)", chunk, len);
	if (err)
		return err;
	got[ngot++] = flight[i]->tsn;
	len = sctp_make_sack(b->asoc, got, ngot, chunk, sizeof(chunk));
	if (len < 0)
		return len;
	err = send_one(run, b, 1, a, 1, b->asoc->c.peer_vtag, NULL, chunk, len);
	if (!err)
		err = take_sack(run, a, chunk, len);
	if (err)
		return err;

	/*
	 * SHUTDOWN, SHUTDOWN ACK, SHUTDOWN COMPLETE.  The SHUTDOWN acks what
	 * A received from B in order: B sent no DATA, so the TSN before
	 * B's first (B's initial TSN, from its INIT ACK, minus one).
	 */
	sctp_put32(tsn_buf, a->asoc->peer.i.initial_tsn - 1);
	len = sctp_make_chunk_raw(chunk, sizeof(chunk), SCTP_CID_SHUTDOWN, 0,
				  tsn_buf, sizeof(tsn_buf));
	err = send_one(run, a, 0, b, 0, a->asoc->c.peer_vtag, NULL, chunk, len);
	len = sctp_make_chunk_raw(chunk, sizeof(chunk), SCTP_CID_SHUTDOWN_ACK,
				  0, NULL, 0);
	if (!err)
		err = send_one(run, b, 0, a, 0, b->asoc->c.peer_vtag, NULL,
			       chunk, len);
	len = sctp_make_chunk_raw(chunk, sizeof(chunk),
				  SCTP_CID_SHUTDOWN_COMPLETE, 0, NULL, 0);
	if (!err)
		err = send_one(run, a, 0, b, 0, a->asoc->c.peer_vtag, NULL,
			       chunk, len);
	return err;
}

static int host_init(struct sctp_host *h, uint32_t tag, uint32_t tsn)
{
	union sctp_addr a;
	int i, err;

	h->asoc = sctp_association_new(NULL, SCTP_SCOPE_PRIVATE, GFP_KERNEL);
	if (!h->asoc)
		return -ENOMEM;
	h->asoc->base.bind_addr.port = h->port;
	for (i = 0; i < 2; i++) {
		a = host_addr(h, i);
		err = sctp_add_bind_addr(&h->asoc->base.bind_addr, &a,
					 GFP_KERNEL);
		if (err)
			return err;
	}
	h->asoc->c.my_vtag = tag;
	h->asoc->next_tsn = tsn;
	h->asoc->ctsn_ack_point = tsn - 1;
	return 0;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: kstruct sctp [--pcap FILE] [--help]\n"
		   "  Sets up an SCTP association between two multi-homed "
		   "hosts (INIT, INIT ACK,\n  COOKIE ECHO, COOKIE ACK), sends "
		   "DATA with one loss, SACKs it, retransmits on\n  the other "
		   "path, and shuts down, printing every packet.\n"
		   "  --pcap FILE  also write the packets to FILE (DLT_RAW, "
		   "IPv4, protocol 132),\n               read it back with "
		   "libpcap and verify every CRC32c;\n"
		   "               open it with: wireshark FILE\n"
		   "  The capture is written beside FILE and renamed onto it "
		   "once complete and\n  verified: a failed run leaves FILE as "
		   "it was.\n");
}

/* the capture, once written: read it back before it replaces FILE */
static int check_capture(struct outfile *of, const struct sctp_run *run)
{
	unsigned int checked = 0;
	int err;

	err = outfile_close(of);
	if (err)
		return err;
	err = sctp_pcap_verify(of->temp, &checked);
	if (!err && checked != run->count)
		err = -EPROTO;
	if (err)
		fprintf(stderr, "%s: %s: the capture does not read back: %s\n",
			WHO, of->path, strerror(-err));
	return err;
}

int cmd_sctp(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "pcap", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct sctp_host a = {
		"A", { "10.0.0.1", "10.0.1.1" }, CLIENT_PORT, NULL
	};
	struct sctp_host b = {
		"B", { "10.0.0.2", "10.0.1.2" }, SERVER_PORT, NULL
	};
	struct sctp_run run = { NULL, 0, stdout };
	struct outfile capture = { 0 };
	const char *pcap_path = NULL;
	int opt, err;

	optind = 0; /* GNU: full reset, the tool may parse twice */
	while ((opt = getopt_long(argc, argv, "p:h", opts, NULL)) != -1) {
		switch (opt) {
		case 'p':
			pcap_path = optarg;
			break;
		case 'h':
			usage(stdout);
			return outfile_check_stdout(WHO) ? 1 : 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "%s: unexpected argument '%s'\n", WHO,
			argv[optind]);
		usage(stderr);
		return 2;
	}

	rcu_register_thread();
	if (pcap_path) {
		err = outfile_open(&capture, WHO, pcap_path);
		if (err)
			goto out;
		err = sctp_pcap_open(capture.f, &run.pcap);
		if (err) {
			if (!outfile_close(&capture))
				fprintf(stderr, "%s: %s: %s\n", WHO, pcap_path,
					strerror(-err));
			goto out;
		}
	}
	err = host_init(&a, 0x1a2b3c4d, 1000);
	if (!err)
		err = host_init(&b, 0x5e6f7a8b, 5000);
	if (!err)
		err = run_scenario(&run, &a, &b);
	if (run.pcap) {
		int cerr = sctp_pcap_close(run.pcap);

		if (!err)
			err = cerr;
	}
	if (err) {
		/* a write error is the file's, and said so with its name */
		if (!outfile_failed(&capture) || !outfile_close(&capture))
			fprintf(stderr, "%s: %s\n", WHO, strerror(-err));
		goto out;
	}
	if (pcap_path && !capture.temp) {
		/* a device or a pipe: nothing to read back */
		printf("wrote %u packets to %s\n", run.count, pcap_path);
	} else if (pcap_path) {
		err = check_capture(&capture, &run);
		if (err)
			goto out;
		printf("wrote %u packets to %s; read back with libpcap: every "
		       "CRC32c verifies\n",
		       run.count, pcap_path);
	}
	/* the capture replaces FILE only when stdout got everything too */
	err = outfile_check_stdout(WHO);
	if (!err)
		err = outfile_commit(&capture);
out:
	outfile_abort(&capture);
	if (a.asoc)
		sctp_association_free(a.asoc);
	if (b.asoc)
		sctp_association_free(b.asoc);
	kstruct_rcu_barrier();
	rcu_unregister_thread();
	return err ? 1 : 0;
}

KSTRUCT_COMMAND("sctp",
		"an SCTP exchange between two hosts, as text or "
		"a pcap file (--pcap FILE)",
		cmd_sctp);
