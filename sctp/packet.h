/* SPDX-License-Identifier: MIT */
/*
 * sctp/packet.h - SCTP packets on plain byte buffers: the CRC32c checksum,
 * the 12-byte common header and chunk framing.
 *
 * Mirrors net/sctp/crc32c.c (count_crc(), as the sctp_start_cksum(),
 * sctp_update_cksum(), sctp_end_cksum() steps of 2.5.61) and the packet
 * assembly of net/sctp/output.c (sctp_packet_init(),
 * sctp_packet_append_chunk(), the checksum step of
 * sctp_packet_transmit()) of Linux 2.5.33.
 *
 * Deliberate differences from 2.5.33 (docs/fidelity.md):
 * - A packet is a caller-owned byte buffer (struct sctp_packet_buf), not a
 *   list of sctp_chunk_t: nothing here allocates, nothing is sent.
 * - The chunk walker checks every length against the buffer (2.5.33's
 *   receive path trusted them).
 *
 * pcap export of the packets is the kstruct tool's (tools/sctp_pcap.h).
 *
 * Error values (every function here and in sctp/sm.h):
 *   -EINVAL    a length or field with an impossible value
 *   -EMSGSIZE  a length that runs past the end of the buffer, or fewer
 *              bytes left than a header needs (truncated input)
 *   -EFBIG     the output buffer is too small
 *   -EBADMSG   the checksum does not verify
 */
#ifndef KSTRUCT_SCTP_PACKET_H
#define KSTRUCT_SCTP_PACKET_H

#include <stddef.h>
#include <stdint.h>

#include <kstruct/compat/export.h>
#include <kstruct/sctp/sctp.h>

KSTRUCT_EXPORT_BEGIN

/* the common header: ports, verification tag, checksum (at offset 8) */
#define SCTP_COMMON_HEADER_LEN 12
#define SCTP_CKSUM_OFFSET 8
#define SCTP_CHUNK_HEADER_LEN 4 /* type, flags, length */
#define SCTP_IP_PROTOCOL 132 /* IANA protocol number of SCTP */

/**
 * crc32c() - update a CRC32c (Castagnoli, reflected) register
 * @crc: the register so far (~0 to start a fresh checksum)
 * @buf: the bytes
 * @len: how many
 *
 * The register is neither inverted on entry nor on return, so the
 * standard check value is ~crc32c(~0, "123456789", 9) == 0xE3069283.
 *
 * Context: any; the tables are built once, thread-safely.
 * Return: the updated register.
 */
uint32_t crc32c(uint32_t crc, const void *buf, size_t len);

/**
 * sctp_start_cksum() - begin an SCTP checksum over a first piece
 * @buffer: the bytes
 * @length: how many
 *
 * Return: the running CRC32c register.
 */
uint32_t sctp_start_cksum(const void *buffer, size_t length);

/**
 * sctp_update_cksum() - continue an SCTP checksum
 * @buffer: the next bytes
 * @length: how many
 * @crc32: the running register from sctp_start_cksum() or this function
 *
 * Return: the running CRC32c register.
 */
uint32_t sctp_update_cksum(const void *buffer, size_t length, uint32_t crc32);

/**
 * sctp_end_cksum() - finish an SCTP checksum
 * @crc32: the running register
 *
 * Return: the CRC32c value (the register inverted), e.g. 0xE3069283 for
 * "123456789".  Store it with sctp_store_cksum().
 */
uint32_t sctp_end_cksum(uint32_t crc32);

/**
 * sctp_store_cksum() - write a CRC32c value into a common header
 * @hdr: the 12-byte common header
 * @crc: the value from sctp_end_cksum()
 *
 * RFC 9260 Appendix A puts the reflected CRC on the wire least significant
 * byte first: 0xE3069283 is stored as 83 92 06 E3.
 */
void sctp_store_cksum(void *hdr, uint32_t crc);

/**
 * sctp_load_cksum() - read the checksum field back as a CRC32c value
 * @hdr: the 12-byte common header
 *
 * Return: the value sctp_store_cksum() stored.
 */
uint32_t sctp_load_cksum(const void *hdr);

/**
 * sctp_compute_cksum() - the checksum of a whole packet
 * @pkt: the packet, common header first
 * @len: its length (at least SCTP_COMMON_HEADER_LEN)
 *
 * Computes the CRC32c as if the checksum field were zero, without
 * changing @pkt.
 *
 * Return: the CRC32c value.
 */
uint32_t sctp_compute_cksum(const void *pkt, size_t len);

/**
 * struct sctp_packet_buf - an SCTP packet being assembled
 * @data: the caller's buffer
 * @size: its capacity in bytes
 * @len: bytes used so far, common header included
 */
struct sctp_packet_buf {
	uint8_t *data;
	size_t size;
	size_t len;
};

/**
 * sctp_packet_init() - start a packet: write the common header
 * @pkt: the packet to set up
 * @buf: where the packet goes
 * @size: capacity of @buf
 * @sport: source port, host order
 * @dport: destination port, host order
 * @vtag: verification tag, host order
 *
 * Return: 0, or -EFBIG when @size cannot hold the common header.
 */
int sctp_packet_init(struct sctp_packet_buf *pkt, void *buf, size_t size,
		     uint16_t sport, uint16_t dport, uint32_t vtag);

/**
 * sctp_packet_append_chunk() - append one chunk, padded to 4 bytes
 * @pkt: the packet
 * @chunk: the chunk, header first
 * @len: bytes at @chunk: the chunk's length field, or that padded to 4
 *
 * The chunk's own length field must be at least 4 and fit in @len.
 *
 * Return: 0; -EINVAL for a chunk whose length field is impossible;
 * -EFBIG when the padded chunk does not fit (the packet is unchanged).
 */
int sctp_packet_append_chunk(struct sctp_packet_buf *pkt, const void *chunk,
			     size_t len);

/**
 * sctp_packet_finish() - compute and store the checksum
 * @pkt: the packet
 *
 * Return: the packet's length in bytes.
 */
size_t sctp_packet_finish(struct sctp_packet_buf *pkt);

/**
 * sctp_packet_verify() - check a received packet's framing and checksum
 * @pkt: the packet
 * @len: its length
 *
 * Return: 0; -EMSGSIZE when shorter than a common header; -EBADMSG when
 * the checksum does not verify; the error of sctp_packet_next_chunk()
 * when a chunk's framing is wrong.
 */
int sctp_packet_verify(const void *pkt, size_t len);

/**
 * sctp_packet_next_chunk() - walk the chunks of a packet
 * @pkt: the packet, common header first
 * @len: its length
 * @offset: in: where the next chunk starts (SCTP_COMMON_HEADER_LEN for
 *	the first); out: where the one after it starts
 * @chunk: out: the chunk found
 * @chunk_len: out: its length field (padding excluded)
 *
 * Context: the loop ends; every length is checked against @len.
 * Return: 1 for a chunk, 0 at the end of the packet, -EINVAL for a chunk
 * length below 4, -EMSGSIZE for a chunk running past @len or fewer than
 * 4 bytes left.
 */
int sctp_packet_next_chunk(const void *pkt, size_t len, size_t *offset,
			   const uint8_t **chunk, size_t *chunk_len);

/* ---- byte order helpers for the wire encoders ---- */

static inline void sctp_put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static inline void sctp_put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static inline uint16_t sctp_get16(const uint8_t *p)
{
	return (uint16_t)((p[0] << 8) | p[1]);
}

static inline uint32_t sctp_get32(const uint8_t *p)
{
	return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) |
	       ((uint32_t)p[2] << 8) | p[3];
}

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_SCTP_PACKET_H */
