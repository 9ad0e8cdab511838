// SPDX-License-Identifier: MIT
/*
 * sctp/packet.c - CRC32c, packet assembly and chunk walking on byte
 * buffers, and pcap export of the packets.
 *
 * Mirrors net/sctp/crc32c.c of Linux 2.5.33 (count_crc(), split into the
 * sctp_start_cksum(), sctp_update_cksum(), sctp_end_cksum() steps that
 * 2.5.61 introduced) and the packet side of net/sctp/output.c
 * (sctp_packet_init(), sctp_packet_append_chunk(), the checksum of
 * sctp_packet_transmit()).
 *
 * Deliberate differences from 2.5.33 (docs/fidelity.md):
 * - CRC32c is computed eight bytes at a time (slice-by-8) from tables
 *   built at first use; 2.5.33 went byte by byte from a constant table.
 *   The value, and its place on the wire, are the same.
 * - A packet is a caller-owned byte buffer, not a list of chunks; chunk
 *   lengths are checked against the buffer when walking.
 * - pcap export is new (libpcap, DLT_RAW, a made-up IPv4 header).
 */
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <netinet/in.h>
#include <pcap/pcap.h>

#include "compat/slab.h"
#include "sctp/packet.h"

/* the Castagnoli polynomial, bit-reversed (reflected) form */
#define CRC32C_POLY_REFLECTED	0x82F63B78u

/*
 * crc32c_table[k][b] is the register change of byte b followed by k zero
 * bytes, which lets eight bytes be folded in with eight lookups.
 */
static uint32_t crc32c_table[8][256];
static pthread_once_t crc32c_once = PTHREAD_ONCE_INIT;

static void crc32c_init_tables(void)
{
	unsigned int b, k, bit;

	for (b = 0; b < 256; b++) {
		uint32_t r = b;

		for (bit = 0; bit < 8; bit++)
			r = (r >> 1) ^ ((r & 1) ? CRC32C_POLY_REFLECTED : 0);
		crc32c_table[0][b] = r;
	}
	for (k = 1; k < 8; k++)
		for (b = 0; b < 256; b++) {
			uint32_t prev = crc32c_table[k - 1][b];

			crc32c_table[k][b] = (prev >> 8) ^
					     crc32c_table[0][prev & 0xff];
		}
}

uint32_t crc32c(uint32_t crc, const void *buf, size_t len)
{
	const uint8_t *p = buf;

	pthread_once(&crc32c_once, crc32c_init_tables);

	while (len >= 8) {
		uint32_t lo = crc ^ ((uint32_t)p[0] | (uint32_t)p[1] << 8 |
				     (uint32_t)p[2] << 16 |
				     (uint32_t)p[3] << 24);

		crc = crc32c_table[7][lo & 0xff] ^
		      crc32c_table[6][(lo >> 8) & 0xff] ^
		      crc32c_table[5][(lo >> 16) & 0xff] ^
		      crc32c_table[4][lo >> 24] ^
		      crc32c_table[3][p[4]] ^ crc32c_table[2][p[5]] ^
		      crc32c_table[1][p[6]] ^ crc32c_table[0][p[7]];
		p += 8;
		len -= 8;
	}
	while (len--)
		crc = (crc >> 8) ^ crc32c_table[0][(crc ^ *p++) & 0xff];
	return crc;
}

uint32_t sctp_start_cksum(const void *buffer, size_t length)
{
	return crc32c(~0u, buffer, length);
}

uint32_t sctp_update_cksum(const void *buffer, size_t length, uint32_t crc32)
{
	return crc32c(crc32, buffer, length);
}

uint32_t sctp_end_cksum(uint32_t crc32)
{
	return ~crc32;
}

void sctp_store_cksum(void *hdr, uint32_t crc)
{
	uint8_t *p = (uint8_t *)hdr + SCTP_CKSUM_OFFSET;

	p[0] = (uint8_t)crc;
	p[1] = (uint8_t)(crc >> 8);
	p[2] = (uint8_t)(crc >> 16);
	p[3] = (uint8_t)(crc >> 24);
}

uint32_t sctp_load_cksum(const void *hdr)
{
	const uint8_t *p = (const uint8_t *)hdr + SCTP_CKSUM_OFFSET;

	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

uint32_t sctp_compute_cksum(const void *pkt, size_t len)
{
	static const uint8_t zero[4];
	const uint8_t *p = pkt;
	uint32_t crc;

	crc = sctp_start_cksum(p, SCTP_CKSUM_OFFSET);
	crc = sctp_update_cksum(zero, sizeof(zero), crc);
	crc = sctp_update_cksum(p + SCTP_COMMON_HEADER_LEN,
				len - SCTP_COMMON_HEADER_LEN, crc);
	return sctp_end_cksum(crc);
}

int sctp_packet_init(struct sctp_packet_buf *pkt, void *buf, size_t size,
		     uint16_t sport, uint16_t dport, uint32_t vtag)
{
	if (size < SCTP_COMMON_HEADER_LEN)
		return -EFBIG;
	pkt->data = buf;
	pkt->size = size;
	pkt->len = SCTP_COMMON_HEADER_LEN;
	sctp_put16(pkt->data, sport);
	sctp_put16(pkt->data + 2, dport);
	sctp_put32(pkt->data + 4, vtag);
	sctp_put32(pkt->data + SCTP_CKSUM_OFFSET, 0);
	return 0;
}

int sctp_packet_append_chunk(struct sctp_packet_buf *pkt, const void *chunk,
			     size_t len)
{
	const uint8_t *c = chunk;
	size_t clen, padded;

	if (len < SCTP_CHUNK_HEADER_LEN)
		return -EINVAL;
	clen = sctp_get16(c + 2);
	if (clen < SCTP_CHUNK_HEADER_LEN || clen > len)
		return -EINVAL;
	padded = SCTP_PAD4(clen);
	if (padded > pkt->size - pkt->len)
		return -EFBIG;
	memcpy(pkt->data + pkt->len, c, clen);
	memset(pkt->data + pkt->len + clen, 0, padded - clen);
	pkt->len += padded;
	return 0;
}

size_t sctp_packet_finish(struct sctp_packet_buf *pkt)
{
	sctp_store_cksum(pkt->data, sctp_compute_cksum(pkt->data, pkt->len));
	return pkt->len;
}

int sctp_packet_next_chunk(const void *pkt, size_t len, size_t *offset,
			   const uint8_t **chunk, size_t *chunk_len)
{
	const uint8_t *p = pkt;
	size_t off = *offset, left, clen;

	if (off >= len)
		return 0;
	left = len - off;
	if (left < SCTP_CHUNK_HEADER_LEN)
		return -EMSGSIZE;
	clen = sctp_get16(p + off + 2);
	if (clen < SCTP_CHUNK_HEADER_LEN)
		return -EINVAL;
	if (clen > left)
		return -EMSGSIZE;
	*chunk = p + off;
	*chunk_len = clen;
	/* the last chunk's padding may be missing; never step past @len */
	*offset = off + (SCTP_PAD4(clen) < left ? SCTP_PAD4(clen) : left);
	return 1;
}

int sctp_packet_verify(const void *pkt, size_t len)
{
	size_t off = SCTP_COMMON_HEADER_LEN, clen;
	const uint8_t *chunk;
	int ret;

	if (len < SCTP_COMMON_HEADER_LEN)
		return -EMSGSIZE;
	if (sctp_compute_cksum(pkt, len) != sctp_load_cksum(pkt))
		return -EBADMSG;
	while ((ret = sctp_packet_next_chunk(pkt, len, &off, &chunk,
					     &clen)) > 0)
		;
	return ret;
}

/* ---- pcap export ---- */

#define IPV4_HEADER_LEN		20
#define IPV4_MAX_TOTAL		65535
#define SCTP_PCAP_SNAPLEN	IPV4_MAX_TOTAL

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

int sctp_pcap_open(const char *path, struct sctp_pcap **out)
{
	struct sctp_pcap *pc;
	int err;

	pc = kzalloc(sizeof(*pc), GFP_KERNEL);
	if (!pc)
		return -ENOMEM;
	pc->pcap = pcap_open_dead(DLT_RAW, SCTP_PCAP_SNAPLEN);
	if (!pc->pcap) {
		err = -ENOMEM;
		goto err_free;
	}
	errno = 0;
	pc->dumper = pcap_dump_open(pc->pcap, path);
	if (!pc->dumper) {
		/* libpcap leaves fopen()'s errno; say why when it can */
		err = errno > 0 ? -errno : -EIO;
		goto err_close_pcap;
	}
	*out = pc;
	return 0;

err_close_pcap:
	pcap_close(pc->pcap);
err_free:
	kfree(pc);
	return err;
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

	ip[0] = 0x45;			/* version 4, 5 words of header */
	ip[1] = 0;			/* DSCP/ECN */
	sctp_put16(ip + 2, (uint16_t)total);
	sctp_put16(ip + 4, (uint16_t)(pc->count + 1));	/* IP id */
	sctp_put16(ip + 6, 0x4000);	/* don't fragment */
	ip[8] = 64;			/* TTL */
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
	return 0;
}

int sctp_pcap_close(struct sctp_pcap *pc)
{
	int err = 0;

	if (!pc)
		return 0;
	if (pcap_dump_flush(pc->dumper) != 0)
		err = -EIO;
	pcap_dump_close(pc->dumper);
	pcap_close(pc->pcap);
	kfree(pc);
	return err;
}

int sctp_pcap_check(const char *path, unsigned int *npackets)
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
		    total < ihl ||
		    ipv4_header_checksum(data, ihl) != 0) {
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
