/* SPDX-License-Identifier: MIT */
/*
 * tools/sctp_pcap.h - SCTP packets (sctp/packet.h) exported to a pcap file
 * that Wireshark decodes, and read back to check them.
 */
#ifndef KSTRUCT_TOOLS_SCTP_PCAP_H
#define KSTRUCT_TOOLS_SCTP_PCAP_H

#include <stddef.h>
#include <stdio.h>
#include <netinet/in.h>

struct sctp_pcap;

/**
 * sctp_pcap_open() - start a pcap file of SCTP packets on @f
 * @f: a stream open for writing, at its start
 * @out: the writer, on success
 *
 * Writes the file header.  The file's link type is DLT_RAW: each record
 * is an IPv4 packet.  Timestamps are virtual (1 ms apart from
 * SCTP_PCAP_EPOCH) so a file's bytes depend on its packets only.  The
 * writer takes @f over: sctp_pcap_close() closes it, and a failure here
 * closes it too.
 *
 * Return: 0; -ENOMEM; -EIO when the header cannot be written.
 */
int sctp_pcap_open(FILE *f, struct sctp_pcap **out);

/*
 * The time of a capture's first packet: 2002-09-03 15:03:36 UTC, when
 * Rusty Russell's patch taking the list typedef out of Linux 2.5.33 (the
 * change this project follows) was committed.  The
 * k-th packet (from 0) is stamped k milliseconds later: a fixed time, so
 * a file's bytes depend on its packets only, and a believable one.
 */
#define SCTP_PCAP_EPOCH 1031065416

/**
 * sctp_pcap_write() - append one SCTP packet, inside an IPv4 header
 * @pc: the writer
 * @src: IPv4 source address
 * @dst: IPv4 destination address
 * @pkt: the SCTP packet, common header first
 * @len: its length
 *
 * The record is stamped SCTP_PCAP_EPOCH plus one millisecond per packet
 * written before it.
 *
 * Return: 0; -EFBIG when IPv4 cannot carry @len bytes; -EINVAL when @len
 * is shorter than the common header; -EIO when writing the file failed
 * (now or before).
 */
int sctp_pcap_write(struct sctp_pcap *pc, const struct in_addr *src,
		    const struct in_addr *dst, const void *pkt, size_t len);

/**
 * sctp_pcap_close() - flush and close the file, free the writer
 * @pc: the writer, or NULL
 *
 * Return: 0, or -EIO when a write or the flush failed.
 */
int sctp_pcap_close(struct sctp_pcap *pc);

/**
 * sctp_pcap_verify() - read a pcap file back and verify every packet
 * @path: the file
 * @npackets: out: how many SCTP packets it holds
 *
 * Opens the file with pcap_open_offline(), checks that each record is an
 * IPv4 packet of protocol 132 whose SCTP packet passes
 * sctp_packet_verify().
 *
 * Return: 0; -EIO when libpcap cannot read the file; -EPROTO for a record
 * that is not SCTP over IPv4; the error of sctp_packet_verify() otherwise.
 */
int sctp_pcap_verify(const char *path, unsigned int *npackets);

#endif /* KSTRUCT_TOOLS_SCTP_PCAP_H */
