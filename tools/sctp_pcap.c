// SPDX-License-Identifier: MIT
/*
 * tools/sctp_pcap.c - SCTP packets written to a pcap file and read back
 * (tools/sctp_pcap.h), for "kstruct sctp --pcap".
 *
 * Not a port of a kernel file: 2.5.33 had no pcap export.  Each packet
 * is wrapped in a made-up IPv4 header (protocol 132) and written through
 * libpcap as DLT_RAW, so Wireshark decodes it as SCTP.  It lives with the
 * tool, not in libkstruct, so that the library does not need libpcap (nor
 * libpcap's own dependencies when it is linked statically).
 */
#include <errno.h>
#include <string.h>
#include <pcap/pcap.h>

#include "compat/slab.h"
#include "sctp/packet.h"
#include "tools/sctp_pcap.h"

#define IPV4_HEADER_LEN 20
#define IPV4_MAX_TOTAL 65535
#define SCTP_PCAP_SNAPLEN IPV4_MAX_TOTAL

/**
 * struct sctp_pcap - a pcap file being written
 * @pcap: libpcap's handle for the link type (no capture)
 * @dumper: the open file
 * @count: packets written, which also drives the virtual clock and the
 *	IPv4 identification field
 * @frame: room for one IPv4 packet
 */
struct sctp_pcap {
	pcap_t *pcap;
	pcap_dumper_t *dumper;
	unsigned long count;
	uint8_t frame[IPV4_MAX_TOTAL];
};

int sctp_pcap_open(FILE *f, struct sctp_pcap **out)
{
	struct sctp_pcap *pc;

	pc = kzalloc(sizeof(*pc), GFP_KERNEL);
	if (!pc)
		goto err_close_file;
	pc->pcap = pcap_open_dead(DLT_RAW, SCTP_PCAP_SNAPLEN);
	if (!pc->pcap)
		goto err_free;
	/* writes the file header; libpcap closes @f when that fails */
	pc->dumper = pcap_dump_fopen(pc->pcap, f);
	if (!pc->dumper || ferror(f)) {
		if (pc->dumper)
			pcap_dump_close(pc->dumper);
		pcap_close(pc->pcap);
		kfree(pc);
		return -EIO;
	}
	*out = pc;
	return 0;

err_free:
	kfree(pc);
err_close_file:
	fclose(f);
	return -ENOMEM;
}

/* the Internet checksum (RFC 1071) of an IPv4 header */
static uint16_t ipv4_header_checksum(const uint8_t *hdr, size_t len)
{
	uint32_t sum = 0;
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		sum += sctp_get16(hdr + i);
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

int sctp_pcap_write(struct sctp_pcap *pc, const struct in_addr *src,
		    const struct in_addr *dst, const void *pkt, size_t len)
{
	struct pcap_pkthdr rec;
	uint8_t *ip = pc->frame;
	size_t total = IPV4_HEADER_LEN + len;

	if (len < SCTP_COMMON_HEADER_LEN)
		return -EINVAL;
	if (len > IPV4_MAX_TOTAL - IPV4_HEADER_LEN)
		return -EFBIG;

	ip[0] = 0x45; /* version 4, 5 words of header */
	ip[1] = 0; /* DSCP/ECN */
	sctp_put16(ip + 2, (uint16_t)total);
	sctp_put16(ip + 4, (uint16_t)(pc->count + 1)); /* IP id */
	sctp_put16(ip + 6, 0x4000); /* don't fragment */
	ip[8] = 64; /* TTL */
	ip[9] = SCTP_IP_PROTOCOL;
	sctp_put16(ip + 10, 0);
	/* s_addr is already in network order: copy its bytes as they are */
	memcpy(ip + 12, &src->s_addr, 4);
	memcpy(ip + 16, &dst->s_addr, 4);
	sctp_put16(ip + 10, ipv4_header_checksum(ip, IPV4_HEADER_LEN));
	memcpy(ip + IPV4_HEADER_LEN, pkt, len);

	memset(&rec, 0, sizeof(rec));
	rec.ts.tv_sec = (time_t)(SCTP_PCAP_EPOCH + pc->count / 1000);
	rec.ts.tv_usec = (suseconds_t)(pc->count % 1000) * 1000;
	rec.caplen = (bpf_u_int32)total;
	rec.len = (bpf_u_int32)total;
	pcap_dump((u_char *)pc->dumper, &rec, ip);
	pc->count++;
	/* pcap_dump() says nothing: a failed write shows on the stream */
	return ferror(pcap_dump_file(pc->dumper)) ? -EIO : 0;
}

int sctp_pcap_close(struct sctp_pcap *pc)
{
	int err = 0;

	if (!pc)
		return 0;
	if (pcap_dump_flush(pc->dumper) != 0 ||
	    ferror(pcap_dump_file(pc->dumper)))
		err = -EIO;
	pcap_dump_close(pc->dumper);
	pcap_close(pc->pcap);
	kfree(pc);
	return err;
}

int sctp_pcap_verify(const char *path, unsigned int *npackets)
{
	char errbuf[PCAP_ERRBUF_SIZE];
	struct pcap_pkthdr *rec;
	const u_char *data;
	unsigned int count = 0;
	pcap_t *pcap;
	int ret, err = 0;

	pcap = pcap_open_offline(path, errbuf);
	if (!pcap)
		return -EIO;
	if (pcap_datalink(pcap) != DLT_RAW) {
		err = -EPROTO;
		goto out_close;
	}
	while ((ret = pcap_next_ex(pcap, &rec, &data)) == 1) {
		size_t ihl, total;

		if (rec->caplen != rec->len || rec->caplen < IPV4_HEADER_LEN ||
		    (data[0] >> 4) != 4 || data[9] != SCTP_IP_PROTOCOL) {
			err = -EPROTO;
			goto out_close;
		}
		ihl = (size_t)(data[0] & 0xf) * 4;
		total = sctp_get16(data + 2);
		if (ihl < IPV4_HEADER_LEN || total != rec->caplen ||
		    total < ihl || ipv4_header_checksum(data, ihl) != 0) {
			err = -EPROTO;
			goto out_close;
		}
		err = sctp_packet_verify(data + ihl, total - ihl);
		if (err)
			goto out_close;
		count++;
	}
	if (ret != PCAP_ERROR_BREAK)
		err = -EIO;
out_close:
	pcap_close(pcap);
	if (!err)
		*npackets = count;
	return err;
}
