// SPDX-License-Identifier: MIT
/*
 * sctp/packet.c - CRC32c, packet assembly and chunk walking on byte
 * buffers.
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
 *
 * The pcap export of these packets is the kstruct tool's
 * (tools/sctp_pcap.c), so that the library does not need libpcap.
 */
#include <errno.h>
#include <pthread.h>
#include <string.h>

#include "sctp/packet.h"

/* the Castagnoli polynomial, bit-reversed (reflected) form */
#define CRC32C_POLY_REFLECTED 0x82F63B78u

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
		uint32_t lo = crc ^
			      ((uint32_t)p[0] | (uint32_t)p[1] << 8 |
			       (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);

		crc = crc32c_table[7][lo & 0xff] ^
		      crc32c_table[6][(lo >> 8) & 0xff] ^
		      crc32c_table[5][(lo >> 16) & 0xff] ^
		      crc32c_table[4][lo >> 24] ^ crc32c_table[3][p[4]] ^
		      crc32c_table[2][p[5]] ^ crc32c_table[1][p[6]] ^
		      crc32c_table[0][p[7]];
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
	while ((ret = sctp_packet_next_chunk(pkt, len, &off, &chunk, &clen)) >
	       0)
		;
	return ret;
}
