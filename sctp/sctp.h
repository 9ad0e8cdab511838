/* SPDX-License-Identifier: MIT */
/*
 * sctp/sctp.h - SCTP wire formats (RFC 9260) and TSN serial arithmetic.
 *
 * Mirrors the wire half of 2.5.33's include/linux/sctp.h (struct
 * sctphdr, the chunk and parameter headers, INIT and SACK) and the TSN
 * comparisons of include/net/sctp/sctp.h.  Every structure here is
 * packed and holds its fields in network byte order, exactly as they
 * travel; convert with ntohs()/ntohl() when reading.
 *
 * Deliberate differences from the kernel:
 * - Struct names are the modern kernel's (struct sctp_chunkhdr, struct
 *   sctp_paramhdr, struct sctp_inithdr, ...), never typedef'd; 2.5.33 had
 *   sctp_chunkhdr_t and friends.
 * - The chunk, parameter and error-cause type constants are HOST order
 *   values (5, not htons(5)); compare them with ntohs()/the raw byte.
 *   The kernel stores the parameter and error-cause enums already
 *   byte-swapped.
 * - No flexible array members inside headers that other headers embed
 *   (the variable part of an INIT or SACK follows its header; see
 *   sctp_sack_gap_blocks()/sctp_sack_dup_tsns()), so nothing relies on
 *   the GNU nested-flexible-array extension.
 */
#ifndef KSTRUCT_SCTP_SCTP_H
#define KSTRUCT_SCTP_SCTP_H

#include <assert.h>
#include <stdint.h>
#include <netinet/in.h>

#include <kstruct/compat/export.h>

KSTRUCT_EXPORT_BEGIN

/* Chunk types (RFC 9260 section 3.2), host order. */
enum sctp_cid {
	SCTP_CID_DATA = 0,
	SCTP_CID_INIT = 1,
	SCTP_CID_INIT_ACK = 2,
	SCTP_CID_SACK = 3,
	SCTP_CID_HEARTBEAT = 4,
	SCTP_CID_HEARTBEAT_ACK = 5,
	SCTP_CID_ABORT = 6,
	SCTP_CID_SHUTDOWN = 7,
	SCTP_CID_SHUTDOWN_ACK = 8,
	SCTP_CID_ERROR = 9,
	SCTP_CID_COOKIE_ECHO = 10,
	SCTP_CID_COOKIE_ACK = 11,
	SCTP_CID_ECN_ECNE = 12,
	SCTP_CID_ECN_CWR = 13,
	SCTP_CID_SHUTDOWN_COMPLETE = 14,
};

/* Parameter types (RFC 9260 section 3.3.2), host order. */
enum sctp_param {
	SCTP_PARAM_HEARTBEAT_INFO = 1,
	SCTP_PARAM_IPV4_ADDRESS = 5,
	SCTP_PARAM_IPV6_ADDRESS = 6,
	SCTP_PARAM_STATE_COOKIE = 7,
	SCTP_PARAM_UNRECOGNIZED_PARAMETERS = 8,
	SCTP_PARAM_COOKIE_PRESERVATIVE = 9,
	SCTP_PARAM_HOST_NAME_ADDRESS = 11,
	SCTP_PARAM_SUPPORTED_ADDRESS_TYPES = 12,
	SCTP_PARAM_ECN_CAPABLE = 0x8000,
};

/* Error causes (RFC 9260 section 3.3.10), host order. */
enum sctp_error {
	SCTP_ERROR_NO_ERROR = 0,
	SCTP_ERROR_INV_STRM = 1,
	SCTP_ERROR_MISS_PARAM = 2,
	SCTP_ERROR_STALE_COOKIE = 3,
	SCTP_ERROR_NO_RESOURCE = 4,
	SCTP_ERROR_DNS_FAILED = 5,
	SCTP_ERROR_BAD_CHUNK = 6,
	SCTP_ERROR_INV_PARAM = 7,
	SCTP_ERROR_UNKNOWN_PARAM = 8,
	SCTP_ERROR_NO_DATA = 9,
	SCTP_ERROR_COOKIE_IN_SHUTDOWN = 10,
	SCTP_ERROR_RESTART = 11,
	SCTP_ERROR_USER_ABORT = 12,
	SCTP_ERROR_PROTO_VIOLATION = 13,
};

/**
 * struct sctphdr - the 12-byte common header that starts every packet
 * @source: source port
 * @dest: destination port
 * @vtag: verification tag
 * @checksum: CRC32c of the packet with this field zero, stored as RFC 9260
 *	Appendix A describes (the packet code's business, not this header's)
 */
struct sctphdr {
	uint16_t source;
	uint16_t dest;
	uint32_t vtag;
	uint32_t checksum;
} __attribute__((packed));

/**
 * struct sctp_chunkhdr - header of every chunk
 * @type: enum sctp_cid
 * @flags: chunk flags
 * @length: header plus value in bytes, excluding the final padding
 */
struct sctp_chunkhdr {
	uint8_t type;
	uint8_t flags;
	uint16_t length;
} __attribute__((packed));

/**
 * struct sctp_paramhdr - header of every parameter (TLV)
 * @type: enum sctp_param
 * @length: header plus value in bytes, excluding the final padding
 */
struct sctp_paramhdr {
	uint16_t type;
	uint16_t length;
} __attribute__((packed));

/**
 * struct sctp_ipv4addr_param - IPv4 address parameter (type 5, length 8)
 * @param_hdr: type SCTP_PARAM_IPV4_ADDRESS, length 8
 * @addr: the address, network order
 */
struct sctp_ipv4addr_param {
	struct sctp_paramhdr param_hdr;
	struct in_addr addr;
} __attribute__((packed));

/**
 * struct sctp_ipv6addr_param - IPv6 address parameter (type 6, length 20)
 * @param_hdr: type SCTP_PARAM_IPV6_ADDRESS, length 20
 * @addr: the address
 */
struct sctp_ipv6addr_param {
	struct sctp_paramhdr param_hdr;
	struct in6_addr addr;
} __attribute__((packed));

/**
 * struct sctp_supported_addrs_param - Supported Address Types (type 12)
 * @param_hdr: type SCTP_PARAM_SUPPORTED_ADDRESS_TYPES, length 4 + 2N
 * @types: N address parameter types (5, 6, 11), network order
 */
struct sctp_supported_addrs_param {
	struct sctp_paramhdr param_hdr;
	uint16_t types[];
} __attribute__((packed));

/**
 * struct sctp_ecn_capable_param - ECN capable (type 0x8000, length 4)
 * @param_hdr: type SCTP_PARAM_ECN_CAPABLE, length 4
 */
struct sctp_ecn_capable_param {
	struct sctp_paramhdr param_hdr;
} __attribute__((packed));

/**
 * struct sctp_inithdr - fixed part of INIT and INIT ACK
 * @init_tag: initiate tag, never 0
 * @a_rwnd: advertised receiver window credit
 * @num_outbound_streams: outbound streams
 * @num_inbound_streams: maximum inbound streams
 * @initial_tsn: first TSN the sender will use
 *
 * The optional/variable parameters follow immediately.
 */
struct sctp_inithdr {
	uint32_t init_tag;
	uint32_t a_rwnd;
	uint16_t num_outbound_streams;
	uint16_t num_inbound_streams;
	uint32_t initial_tsn;
} __attribute__((packed));

/**
 * struct sctp_init_chunk - an INIT chunk's fixed part (20 bytes)
 * @chunk_hdr: type SCTP_CID_INIT
 * @init_hdr: the fixed INIT fields; parameters follow
 */
struct sctp_init_chunk {
	struct sctp_chunkhdr chunk_hdr;
	struct sctp_inithdr init_hdr;
} __attribute__((packed));

/**
 * struct sctp_gap_ack_block - one gap ack block of a SACK
 * @start: first TSN of the block, as an offset from the cumulative ack
 * @end: last TSN of the block, as an offset from the cumulative ack
 */
struct sctp_gap_ack_block {
	uint16_t start;
	uint16_t end;
} __attribute__((packed));

/**
 * union sctp_sack_variable - one 4-byte slot of a SACK's variable part
 * @gab: a gap ack block (the first N slots)
 * @dup: a duplicate TSN (the X slots after them)
 */
union sctp_sack_variable {
	struct sctp_gap_ack_block gab;
	uint32_t dup;
} __attribute__((packed));

/**
 * struct sctp_sackhdr - fixed part of a SACK
 * @cum_tsn_ack: cumulative TSN ack
 * @a_rwnd: advertised receiver window credit
 * @num_gap_ack_blocks: N, the gap ack blocks that follow
 * @num_dup_tsns: X, the duplicate TSNs that follow the blocks
 *
 * N slots of struct sctp_gap_ack_block then X 32-bit TSNs follow.
 */
struct sctp_sackhdr {
	uint32_t cum_tsn_ack;
	uint32_t a_rwnd;
	uint16_t num_gap_ack_blocks;
	uint16_t num_dup_tsns;
} __attribute__((packed));

/**
 * struct sctp_sack_chunk - a SACK chunk's fixed part (16 bytes)
 * @chunk_hdr: type SCTP_CID_SACK, length 16 + 4N + 4X
 * @sack_hdr: the fixed SACK fields
 */
struct sctp_sack_chunk {
	struct sctp_chunkhdr chunk_hdr;
	struct sctp_sackhdr sack_hdr;
} __attribute__((packed));

/**
 * struct sctp_errhdr - header of an error cause (in ABORT and ERROR)
 * @cause: enum sctp_error
 * @length: header plus value in bytes, excluding the final padding
 */
struct sctp_errhdr {
	uint16_t cause;
	uint16_t length;
} __attribute__((packed));

static_assert(sizeof(struct sctphdr) == 12, "common header is 12 bytes");
static_assert(sizeof(struct sctp_chunkhdr) == 4, "chunk header");
static_assert(sizeof(struct sctp_paramhdr) == 4, "parameter header");
static_assert(sizeof(struct sctp_ipv4addr_param) == 8, "IPv4 parameter");
static_assert(sizeof(struct sctp_ipv6addr_param) == 20, "IPv6 parameter");
static_assert(sizeof(struct sctp_init_chunk) == 20, "INIT fixed part");
static_assert(sizeof(struct sctp_sack_chunk) == 16, "SACK fixed part");
static_assert(sizeof(union sctp_sack_variable) == 4, "SACK slot");

/* Chunks and parameters are padded with zero bytes to a multiple of 4. */
#define SCTP_PAD4(len) (((len) + 3u) & ~3u)

/* The smallest well-formed INIT chunk and SACK chunk. */
#define SCTP_INIT_CHUNK_LEN ((unsigned int)sizeof(struct sctp_init_chunk))
#define SCTP_SACK_CHUNK_LEN ((unsigned int)sizeof(struct sctp_sack_chunk))

/**
 * sctp_sack_gap_blocks() - the gap ack blocks that follow a SACK header
 * @sack: a SACK header whose variable part the caller has length-checked
 *
 * Return: pointer to the first of ntohs(@sack->num_gap_ack_blocks) blocks.
 */
static inline struct sctp_gap_ack_block *
sctp_sack_gap_blocks(struct sctp_sackhdr *sack)
{
	return (struct sctp_gap_ack_block *)(sack + 1);
}

/**
 * sctp_sack_dup_tsns() - the duplicate TSNs that follow the gap blocks
 * @sack: a SACK header whose variable part the caller has length-checked
 * @nblocks: the number of gap ack blocks (host order)
 *
 * Return: pointer to the first duplicate TSN (unaligned, network order).
 */
static inline union sctp_sack_variable *
sctp_sack_dup_tsns(struct sctp_sackhdr *sack, unsigned int nblocks)
{
	return (union sctp_sack_variable *)(sack + 1) + nblocks;
}

/*
 * TSN serial number arithmetic (RFC 1982 with SERIAL_BITS 32, as RFC 9260
 * section 1.6 asks): a is before b when b - a, taken modulo 2^32, is
 * non-zero and less than 2^31, i.e. when (a - b) has its top bit set.
 * TSN_lt(0xFFFFFFFF, 0) is 1.
 */
static inline int TSN_lt(uint32_t s, uint32_t t)
{
	return ((s - t) & 0x80000000u) != 0;
}

static inline int TSN_lte(uint32_t s, uint32_t t)
{
	return s == t || TSN_lt(s, t);
}

#define TSN_gt(s, t) TSN_lt((t), (s))
#define TSN_gte(s, t) TSN_lte((t), (s))

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_SCTP_SCTP_H */
