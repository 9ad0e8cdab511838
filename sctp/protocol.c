// SPDX-License-Identifier: MIT
/*
 * sctp/protocol.c - the global SCTP state: address families and this
 * host's local address list.
 *
 * Mirrors net/sctp/protocol.c of Linux 2.5.33: sctp_proto (the
 * address_families and local_addr_list lists), sctp_get_af_specific(),
 * sctp_get_local_addr_list(), __sctp_free_local_addr_list(),
 * sctp_copy_local_addr_list(), and the IPv4 operations (sctp_ipv4_specific)
 * with the IPv6 ones of net/sctp/ipv6.c.
 *
 * Deliberate differences from 2.5.33 (docs/fidelity.md):
 * - The families register themselves before main() (a constructor calls
 *   sctp_protocol_init(), which is idempotent): IPv4 first, then IPv6,
 *   as 2.5.33's module init did.
 * - There are no network devices: sctp_get_local_addr_list() fills the
 *   list with a fixed, documented set of addresses of a made-up host, and
 *   sctp_add_local_addr() adds one address (tests and the tour use both).
 *   sctp_get_local_addr_list() returns an error: -EBUSY on a list already
 *   filled, -ENOMEM with the list left empty (2.5.33's returned nothing
 *   and skipped an address it could not allocate).
 * - The local address list is an RCU list: sctp_copy_local_addr_list()
 *   reads it under rcu_read_lock() instead of taking the lock; writers
 *   take sctp_proto.local_addr_lock.
 * - sctp_get_af_specific() takes a family, as later kernels' does (2.5.33
 *   took an address and read its family).
 * - struct sctp_af carries the address-parameter codec (type, length,
 *   from_addr_param/to_addr_param, as later kernels' sctp_af does) and a
 *   scope function; its setsockopt/getsockopt store integer options in a
 *   small per-socket table instead of reaching the IP layer (2.5.33's
 *   were ip_setsockopt() and ipv6_setsockopt(); the latter handed SOL_IP
 *   options on to the IPv4 code, here IPv6 refuses every level but
 *   IPPROTO_IPV6).
 * - sctp_param_type2af() is the modern kernel's param_type2af(), which
 *   returns the family where this returns its operations.
 */
#include <errno.h>
#include <string.h>
#include <arpa/inet.h>

#include "compat/slab.h"
#include "list/rculist.h"
#include "sctp/structs.h"

struct sctp_protocol sctp_proto = {
	.address_families = LIST_HEAD_INIT(sctp_proto.address_families),
	.local_addr_list = LIST_HEAD_INIT(sctp_proto.local_addr_list),
	.local_addr_lock = __SPIN_LOCK_UNLOCKED(sctp_proto.local_addr_lock),
};

/* ------------------------------------------------------------- IPv4 */

static int sctp_v4_cmp_addr(const union sctp_addr *a, const union sctp_addr *b)
{
	return a->v4.sin_port == b->v4.sin_port &&
	       a->v4.sin_addr.s_addr == b->v4.sin_addr.s_addr;
}

static bool sctp_v4_is_any(const union sctp_addr *addr)
{
	return addr->v4.sin_addr.s_addr == htonl(INADDR_ANY);
}

/* the scope of an IPv4 address given in host order */
static enum sctp_scope sctp_v4_scope_of(uint32_t a)
{
	if ((a >> 24) == 0 || /* 0/8 */
	    (a & 0xf0000000u) == 0xe0000000u || /* multicast */
	    a == 0xffffffffu || /* broadcast */
	    (a & 0xffffff00u) == 0xc6120000u || /* 198.18.0.0/24 */
	    (a & 0xffffff00u) == 0xc0586300u) /* 192.88.99.0/24 */
		return SCTP_SCOPE_UNUSABLE;
	if ((a >> 24) == 127)
		return SCTP_SCOPE_LOOPBACK;
	if ((a & 0xffff0000u) == 0xa9fe0000u) /* 169.254/16 */
		return SCTP_SCOPE_LINK;
	if ((a >> 24) == 10 || /* 10/8 */
	    (a & 0xfff00000u) == 0xac100000u || /* 172.16/12 */
	    (a & 0xffff0000u) == 0xc0a80000u) /* 192.168/16 */
		return SCTP_SCOPE_PRIVATE;
	return SCTP_SCOPE_GLOBAL;
}

static enum sctp_scope sctp_v4_scope(const union sctp_addr *addr)
{
	return sctp_v4_scope_of(ntohl(addr->v4.sin_addr.s_addr));
}

static void sctp_v4_from_addr_param(union sctp_addr *addr, const void *param,
				    uint16_t port)
{
	struct sctp_ipv4addr_param p;

	memcpy(&p, param, sizeof(p));
	addr->v4.sin_family = AF_INET;
	addr->v4.sin_port = htons(port);
	addr->v4.sin_addr = p.addr;
}

static int sctp_v4_to_addr_param(const union sctp_addr *addr, void *param)
{
	struct sctp_ipv4addr_param p;

	p.param_hdr.type = htons(SCTP_PARAM_IPV4_ADDRESS);
	p.param_hdr.length = htons(sizeof(p));
	p.addr = addr->v4.sin_addr;
	memcpy(param, &p, sizeof(p));
	return sizeof(p);
}

/* an integer option stored in one of a socket's option tables */
static int sctp_store_ipopt(int *table, int optname, const void *optval,
			    unsigned int optlen)
{
	if (optname < 0 || optname >= SCTP_SOCK_IPOPTS)
		return -ENOPROTOOPT;
	if (!optval || optlen != sizeof(int))
		return -EINVAL;
	memcpy(&table[optname], optval, sizeof(int));
	return 0;
}

static int sctp_load_ipopt(const int *table, int optname, void *optval,
			   unsigned int *optlen)
{
	if (optname < 0 || optname >= SCTP_SOCK_IPOPTS)
		return -ENOPROTOOPT;
	if (!optval || !optlen || *optlen < sizeof(int))
		return -EINVAL;
	memcpy(optval, &table[optname], sizeof(int));
	*optlen = sizeof(int);
	return 0;
}

static int sctp_v4_setsockopt(struct sock *sk, int level, int optname,
			      const void *optval, unsigned int optlen)
{
	if (level != IPPROTO_IP)
		return -ENOPROTOOPT;
	return sctp_store_ipopt(sk->ipopt, optname, optval, optlen);
}

static int sctp_v4_getsockopt(struct sock *sk, int level, int optname,
			      void *optval, unsigned int *optlen)
{
	if (level != IPPROTO_IP)
		return -ENOPROTOOPT;
	return sctp_load_ipopt(sk->ipopt, optname, optval, optlen);
}

static struct sctp_af sctp_ipv4_specific = {
	.sa_family = AF_INET,
	.sockaddr_len = sizeof(struct sockaddr_in),
	.param_type = SCTP_PARAM_IPV4_ADDRESS,
	.param_len = sizeof(struct sctp_ipv4addr_param),
	.net_header_len = 20,
	.cmp_addr = sctp_v4_cmp_addr,
	.is_any = sctp_v4_is_any,
	.scope = sctp_v4_scope,
	.from_addr_param = sctp_v4_from_addr_param,
	.to_addr_param = sctp_v4_to_addr_param,
	.setsockopt = sctp_v4_setsockopt,
	.getsockopt = sctp_v4_getsockopt,
};

/* ------------------------------------------------------------- IPv6 */

static int sctp_v6_cmp_addr(const union sctp_addr *a, const union sctp_addr *b)
{
	return a->v6.sin6_port == b->v6.sin6_port &&
	       !memcmp(&a->v6.sin6_addr, &b->v6.sin6_addr,
		       sizeof(struct in6_addr));
}

static bool sctp_v6_is_any(const union sctp_addr *addr)
{
	return IN6_IS_ADDR_UNSPECIFIED(&addr->v6.sin6_addr);
}

/*
 * IPv6 scopes: :: and multicast unusable, ::1 loopback, fe80::/10 link,
 * fec0::/10 (site-local) and fc00::/7 (unique local) private, an
 * IPv4-mapped address the scope of its IPv4 address, the rest global.
 */
static enum sctp_scope sctp_v6_scope(const union sctp_addr *addr)
{
	const struct in6_addr *a = &addr->v6.sin6_addr;
	uint32_t v4;

	if (IN6_IS_ADDR_UNSPECIFIED(a) || IN6_IS_ADDR_MULTICAST(a))
		return SCTP_SCOPE_UNUSABLE;
	if (IN6_IS_ADDR_LOOPBACK(a))
		return SCTP_SCOPE_LOOPBACK;
	if (IN6_IS_ADDR_LINKLOCAL(a))
		return SCTP_SCOPE_LINK;
	if (IN6_IS_ADDR_SITELOCAL(a) || (a->s6_addr[0] & 0xfe) == 0xfc)
		return SCTP_SCOPE_PRIVATE;
	if (IN6_IS_ADDR_V4MAPPED(a)) {
		memcpy(&v4, &a->s6_addr[12], sizeof(v4));
		return sctp_v4_scope_of(ntohl(v4));
	}
	return SCTP_SCOPE_GLOBAL;
}

static void sctp_v6_from_addr_param(union sctp_addr *addr, const void *param,
				    uint16_t port)
{
	struct sctp_ipv6addr_param p;

	memcpy(&p, param, sizeof(p));
	addr->v6.sin6_family = AF_INET6;
	addr->v6.sin6_port = htons(port);
	addr->v6.sin6_addr = p.addr;
}

static int sctp_v6_to_addr_param(const union sctp_addr *addr, void *param)
{
	struct sctp_ipv6addr_param p;

	p.param_hdr.type = htons(SCTP_PARAM_IPV6_ADDRESS);
	p.param_hdr.length = htons(sizeof(p));
	p.addr = addr->v6.sin6_addr;
	memcpy(param, &p, sizeof(p));
	return sizeof(p);
}

static int sctp_v6_setsockopt(struct sock *sk, int level, int optname,
			      const void *optval, unsigned int optlen)
{
	if (level != IPPROTO_IPV6)
		return -ENOPROTOOPT;
	return sctp_store_ipopt(sk->ipopt6, optname, optval, optlen);
}

static int sctp_v6_getsockopt(struct sock *sk, int level, int optname,
			      void *optval, unsigned int *optlen)
{
	if (level != IPPROTO_IPV6)
		return -ENOPROTOOPT;
	return sctp_load_ipopt(sk->ipopt6, optname, optval, optlen);
}

static struct sctp_af sctp_ipv6_specific = {
	.sa_family = AF_INET6,
	.sockaddr_len = sizeof(struct sockaddr_in6),
	.param_type = SCTP_PARAM_IPV6_ADDRESS,
	.param_len = sizeof(struct sctp_ipv6addr_param),
	.net_header_len = 40,
	.cmp_addr = sctp_v6_cmp_addr,
	.is_any = sctp_v6_is_any,
	.scope = sctp_v6_scope,
	.from_addr_param = sctp_v6_from_addr_param,
	.to_addr_param = sctp_v6_to_addr_param,
	.setsockopt = sctp_v6_setsockopt,
	.getsockopt = sctp_v6_getsockopt,
};

/* ------------------------------------------------------ address families */

/**
 * sctp_protocol_init() - register the address families, IPv4 first
 *
 * Runs before main() from a constructor; calling it again does nothing.
 *
 * Context: single-threaded start-up.
 */
void sctp_protocol_init(void)
{
	if (!list_empty(&sctp_proto.address_families))
		return;
	list_add_tail(&sctp_ipv4_specific.list, &sctp_proto.address_families);
	list_add_tail(&sctp_ipv6_specific.list, &sctp_proto.address_families);
}

static void __attribute__((constructor)) sctp_protocol_ctor(void)
{
	sctp_protocol_init();
}

/**
 * sctp_get_af_specific() - the operations of an address family
 * @family: AF_INET, AF_INET6, ...
 *
 * Walks sctp_proto.address_families in registration order.
 *
 * Context: any (the list does not change after start-up).
 * Return: the family's struct sctp_af, or NULL if none is registered.
 */
struct sctp_af *sctp_get_af_specific(sa_family_t family)
{
	struct sctp_af *af;

	list_for_each_entry(af, &sctp_proto.address_families, list) {
		if (af->sa_family == family)
			return af;
	}
	return NULL;
}

/**
 * sctp_param_type2af() - the family of an address parameter type
 * @param_type: host order parameter type (5 or 6)
 *
 * Return: the family's struct sctp_af, or NULL for other types.
 */
struct sctp_af *sctp_param_type2af(uint16_t param_type)
{
	struct sctp_af *af;

	list_for_each_entry(af, &sctp_proto.address_families, list) {
		if (af->param_type == param_type)
			return af;
	}
	return NULL;
}

/* -------------------------------------------------------- local addresses */

/**
 * sctp_add_local_addr() - append an address to this host's address list
 * @addr: an AF_INET or AF_INET6 address; its port is stored as 0
 *
 * Context: takes sctp_proto.local_addr_lock.
 * Return: 0, -EINVAL for another family, or -ENOMEM.
 */
int sctp_add_local_addr(const union sctp_addr *addr)
{
	struct sctp_sockaddr_entry *entry;

	if (!sctp_get_af_specific(addr->sa.sa_family))
		return -EINVAL;
	entry = kzalloc(sizeof(*entry), GFP_KERNEL);
	if (!entry)
		return -ENOMEM;
	entry->a = *addr;
	sctp_addr_set_port(&entry->a, 0);
	spin_lock(&sctp_proto.local_addr_lock);
	list_add_tail_rcu(&entry->list, &sctp_proto.local_addr_list);
	spin_unlock(&sctp_proto.local_addr_lock);
	return 0;
}

/*
 * The made-up host of sctp_get_local_addr_list(): one address of each
 * scope the copy rules distinguish, IPv4 then IPv6.
 */
static const char *const sctp_sim_local_addrs[] = {
	"127.0.0.1", /* loopback */
	"10.0.0.1", /* private */
	"192.0.2.1", /* global (documentation range) */
	"169.254.1.1", /* link */
	"::1", /* loopback */
	"fe80::1", /* link */
	"2001:db8::1", /* global (documentation range) */
};

/**
 * sctp_get_local_addr_list() - fill the local address list
 *
 * Adds, in order, 127.0.0.1, 10.0.0.1, 192.0.2.1, 169.254.1.1, ::1,
 * fe80::1 and 2001:db8::1 (there are no network devices to ask).
 *
 * Context: takes sctp_proto.local_addr_lock.
 * Return: 0; -EBUSY if the list is not empty; -ENOMEM, the list then
 * left empty.
 */
int sctp_get_local_addr_list(void)
{
	union sctp_addr addr;
	size_t i;
	int error;

	if (!list_empty(&sctp_proto.local_addr_list))
		return -EBUSY;
	for (i = 0; i < ARRAY_SIZE(sctp_sim_local_addrs); i++) {
		memset(&addr, 0, sizeof(addr));
		if (inet_pton(AF_INET, sctp_sim_local_addrs[i],
			      &addr.v4.sin_addr) == 1) {
			addr.v4.sin_family = AF_INET;
		} else {
			BUG_ON(inet_pton(AF_INET6, sctp_sim_local_addrs[i],
					 &addr.v6.sin6_addr) != 1);
			addr.v6.sin6_family = AF_INET6;
		}
		error = sctp_add_local_addr(&addr);
		if (error)
			goto out_free;
	}
	return 0;

out_free:
	__sctp_free_local_addr_list();
	return error;
}

/**
 * __sctp_free_local_addr_list() - free this host's address list
 *
 * Context: takes sctp_proto.local_addr_lock; no RCU reader may still be
 * walking the list (as at module exit in the kernel).
 */
void __sctp_free_local_addr_list(void)
{
	struct sctp_sockaddr_entry *addr, *temp;

	spin_lock(&sctp_proto.local_addr_lock);
	list_for_each_entry_safe(addr, temp, &sctp_proto.local_addr_list,
				 list) {
		list_del(&addr->list);
		kfree(addr);
	}
	spin_unlock(&sctp_proto.local_addr_lock);
}

/**
 * sctp_copy_local_addr_list() - append the usable local addresses to @bp
 * @bp: the list to append to; each address gets @bp's port
 * @scope: the scope of the peer address
 * @gfp: allocation flags
 * @copy_flags: SCTP_ADDR6_ALLOWED, SCTP_ADDR4_PEERSUPP,
 *	SCTP_ADDR6_PEERSUPP (sctp_addr_allowed())
 *
 * Copies, in list order, every local address that is in scope
 * (sctp_in_scope()) and that the flags let through.
 *
 * Context: reads the local list under rcu_read_lock(); the caller
 * serialises writers of @bp.
 * Return: 0 or -ENOMEM (the addresses copied before the failure stay on
 * @bp; sctp_bind_addr_copy() cleans them up).
 */
int sctp_copy_local_addr_list(struct sctp_bind_addr *bp, enum sctp_scope scope,
			      unsigned int gfp, int copy_flags)
{
	struct sctp_sockaddr_entry *addr;
	int error = 0;

	kstruct_rcu_read_lock();
	list_for_each_entry_rcu(addr, &sctp_proto.local_addr_list, list) {
		if (!sctp_in_scope(&addr->a, scope) ||
		    !sctp_addr_allowed(&addr->a, copy_flags))
			continue;
		error = sctp_add_bind_addr(bp, &addr->a, gfp);
		if (error)
			break;
	}
	kstruct_rcu_read_unlock();
	return error;
}

/**
 * sctp_local_addr_check() - verify the local address list
 *
 * The ring is sound; every entry is AF_INET or AF_INET6 with port 0.
 * Reports the first violation through the check handler with the
 * caller's file:line (compat/check.h); never aborts.
 *
 * Context: takes sctp_proto.local_addr_lock; the handler runs with it
 * held.
 * Return: true when sound.
 */
bool (sctp_local_addr_check)(void)
{
	struct sctp_sockaddr_entry *addr;
	bool ok;

	spin_lock(&sctp_proto.local_addr_lock);
	ok = list_check(&sctp_proto.local_addr_list);
	if (ok) {
		list_for_each_entry(addr, &sctp_proto.local_addr_list, list) {
			if (!sctp_get_af_specific(addr->a.sa.sa_family) ||
			    sctp_addr_port(&addr->a) != 0) {
				ok = check_fail(
					"a local address of family %d, port %u",
					(int)addr->a.sa.sa_family,
					(unsigned int)sctp_addr_port(&addr->a));
				break;
			}
		}
	}
	spin_unlock(&sctp_proto.local_addr_lock);
	return ok;
}
