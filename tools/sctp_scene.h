/* SPDX-License-Identifier: MIT */
/*
 * tools/sctp_scene.h - the small SCTP world the tour and the drawing
 * show: one endpoint bound to two addresses, with two multi-homed
 * associations built the way a server builds them (each peer's INIT,
 * kept in a cookie, through sctp_process_init()).
 *
 * Mirrors no kernel file: a fixture for tools/tour_sctp.c,
 * tools/draw_sctp.c and tools/exercise_sctp.c, defined in
 * tools/sctp_scene.c.
 */
#ifndef KSTRUCT_TOOLS_SCTP_SCENE_H
#define KSTRUCT_TOOLS_SCTP_SCENE_H

#include <stddef.h>

struct sctp_endpoint;
struct sctp_association;
union sctp_addr;

/**
 * struct sctp_scene - the pictured endpoint and its associations
 * @ep: the endpoint, port 80, bound to 10.0.0.2 and 10.0.1.2
 * @asoc: peer 10.0.0.1/10.0.1.1 port 5000; peer 192.168.5.1,
 *	192.168.6.1, 192.168.7.1 port 6000
 */
struct sctp_scene {
	struct sctp_endpoint *ep;
	struct sctp_association *asoc[2];
};

/**
 * sctp_scene_build() - build the scene
 * @s: where to put it
 *
 * Context: the calling thread must be a registered RCU thread.
 * Return: 0, or a negative errno (then nothing is left allocated).
 */
int sctp_scene_build(struct sctp_scene *s);

/**
 * sctp_scene_free() - free everything sctp_scene_build() made
 * @s: the scene
 */
void sctp_scene_free(struct sctp_scene *s);

/**
 * sctp_scene_addr() - an address as text, "10.0.0.1:5000"
 * @a: the address
 * @buf: where the text goes
 * @size: its size (64 is enough)
 *
 * Return: @buf.
 */
char *sctp_scene_addr(const union sctp_addr *a, char *buf, size_t size);

/**
 * sctp_scene_make_addr() - an address from text and a port
 * @text: "10.0.0.1" or an IPv6 address
 * @port: host order
 *
 * Return: the address (zeroed, then filled).
 */
union sctp_addr sctp_scene_make_addr(const char *text, unsigned short port);

#endif /* KSTRUCT_TOOLS_SCTP_SCENE_H */
