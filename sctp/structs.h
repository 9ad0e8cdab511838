/* SPDX-License-Identifier: MIT */
/*
 * sctp/structs.h - the list-bearing SCTP structures and their traversals.
 *
 * Mirrors include/net/sctp/structs.h of Linux 2.5.33 (sctp_protocol_t,
 * sctp_func_t, struct sockaddr_storage_list, sctp_transport_t,
 * sctp_bind_addr_t, sctp_endpoint_t, sctp_association_t,
 * sctp_outqueue_t, sctp_chunk_t) and the prototypes of associola.c,
 * bind_addr.c, endpointola.c, outqueue.c, protocol.c, socket.c and
 * sm_sideeffect.c that kstruct ports.
 *
 * Deliberate differences from 2.5.33 (see also each .c file and
 * docs/fidelity.md):
 * - No typedefs; the structs carry the modern kernel's names (struct
 *   sctp_af, struct sctp_sockaddr_entry, struct sctp_outq, union
 *   sctp_addr, ...).
 * - union sctp_addr holds real POSIX sockaddr_in/sockaddr_in6 values with
 *   the port in NETWORK order (2.5.33 kept host-order ports inside);
 *   struct sctp_bind_addr's port is host order.
 * - Only the fields the ported traversals use are kept; skbs, timers and
 *   the socket are reduced to what the lists need (a chunk is a TSN and a
 *   length, a heartbeat timer is a deadline plus a held reference, struct
 *   sock is a family, a lock, a send buffer and its endpoint).
 * - Address and transport lists are RCU lists (as the kernel later made
 *   them): readers walk them under rcu_read_lock(); writers serialise on
 *   a lock and free removed entries with call_rcu().  Callers that free
 *   through these functions must be registered RCU threads, and must call
 *   kstruct_rcu_barrier() before counting live allocations.
 */
#ifndef KSTRUCT_SCTP_STRUCTS_H
#define KSTRUCT_SCTP_STRUCTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <urcu/call-rcu.h>

#include <kstruct/compat/atomic.h>
#include <kstruct/compat/check.h>
#include <kstruct/compat/export.h>
#include <kstruct/compat/spinlock.h>
#include <kstruct/list/list.h>
#include <kstruct/sctp/sctp.h>

KSTRUCT_EXPORT_BEGIN

struct sctp_association;
struct sctp_endpoint;
struct sctp_chunk;
struct sock;

/**
 * union sctp_addr - an IPv4 or IPv6 transport address
 * @v4: AF_INET: address and port, both network order
 * @v6: AF_INET6: address and port, both network order
 * @sa: the family, common to both
 *
 * Zero the whole union before filling it: comparisons look at the bytes
 * of the address, and padding must not differ.
 */
union sctp_addr {
	struct sockaddr_in v4;
	struct sockaddr_in6 v6;
	struct sockaddr sa;
};

/**
 * enum sctp_scope - how far an address reaches, narrowest last
 * @SCTP_SCOPE_GLOBAL: routable anywhere
 * @SCTP_SCOPE_PRIVATE: RFC 1918 (IPv4), site-local and ULA (IPv6)
 * @SCTP_SCOPE_LINK: link-local
 * @SCTP_SCOPE_LOOPBACK: this host
 * @SCTP_SCOPE_UNUSABLE: never a transport address
 */
enum sctp_scope {
	SCTP_SCOPE_GLOBAL,
	SCTP_SCOPE_PRIVATE,
	SCTP_SCOPE_LINK,
	SCTP_SCOPE_LOOPBACK,
	SCTP_SCOPE_UNUSABLE,
};

/*
 * Flags of sctp_bind_addr_copy()/sctp_copy_local_addr_list(), 2.5.33's:
 * an IPv4 address is copied when the peer takes IPv4, an IPv6 address
 * when the socket may use IPv6 and the peer takes it.
 */
#define SCTP_ADDR6_ALLOWED 0x00000001 /* the socket is PF_INET6 */
#define SCTP_ADDR4_PEERSUPP 0x00000002 /* the peer takes IPv4 */
#define SCTP_ADDR6_PEERSUPP 0x00000004 /* the peer takes IPv6 */

/**
 * struct sctp_af - one address family's operations (2.5.33 sctp_func_t)
 * @sa_family: AF_INET or AF_INET6
 * @sockaddr_len: sizeof the family's sockaddr
 * @param_type: its address parameter type (host order: 5 or 6)
 * @param_len: its address parameter length (8 or 20)
 * @net_header_len: its IP header length (20 or 40)
 * @cmp_addr: exact comparison of two addresses of this family (address
 *	bytes and port); 1 when equal
 * @is_any: whether an address is this family's wildcard
 * @scope: an address's scope
 * @from_addr_param: fill a (zeroed) address from an address parameter of
 *	this family, with @port in host order
 * @to_addr_param: write an address as an address parameter; returns its
 *	length
 * @setsockopt: the family's (IP level) setsockopt
 * @getsockopt: the family's (IP level) getsockopt
 * @list: link on sctp_proto.address_families
 */
struct sctp_af {
	sa_family_t sa_family;
	unsigned int sockaddr_len;
	uint16_t param_type;
	uint16_t param_len;
	uint16_t net_header_len;
	int (*cmp_addr)(const union sctp_addr *a, const union sctp_addr *b);
	bool (*is_any)(const union sctp_addr *addr);
	enum sctp_scope (*scope)(const union sctp_addr *addr);
	void (*from_addr_param)(union sctp_addr *addr, const void *param,
				uint16_t port);
	int (*to_addr_param)(const union sctp_addr *addr, void *param);
	int (*setsockopt)(struct sock *sk, int level, int optname,
			  const void *optval, unsigned int optlen);
	int (*getsockopt)(struct sock *sk, int level, int optname, void *optval,
			  unsigned int *optlen);
	struct list_head list;
};

/**
 * struct sctp_protocol - the global SCTP state (2.5.33 sctp_protocol_t)
 * @address_families: the struct sctp_af of each family, IPv4 first
 * @local_addr_list: struct sctp_sockaddr_entry, this host's addresses,
 *	port 0, an RCU list
 * @local_addr_lock: serialises writers of @local_addr_list
 *
 * One per process, sctp_proto: the families register when the library
 * loads; the local address list is read under rcu_read_lock() and
 * changed only by sctp_get_local_addr_list(), sctp_add_local_addr() and
 * __sctp_free_local_addr_list() (docs/DESIGN.md, "Global machine state").
 */
struct sctp_protocol {
	struct list_head address_families;
	struct list_head local_addr_list;
	struct spinlock local_addr_lock;
};

extern struct sctp_protocol sctp_proto;

/**
 * struct sctp_sockaddr_entry - one address on an address list
 * @list: link on a bind address list or the local address list
 * @rcu: for freeing after a grace period
 * @a: the address (port network order inside)
 */
struct sctp_sockaddr_entry {
	struct list_head list;
	struct rcu_head rcu;
	union sctp_addr a;
};

/**
 * struct sctp_bind_addr - the addresses an endpoint is bound to
 * @port: the bound port, host order
 * @address_list: struct sctp_sockaddr_entry, an RCU list, insertion order
 * @malloced: whether sctp_bind_addr_free() must free the structure
 */
struct sctp_bind_addr {
	uint16_t port;
	struct list_head address_list;
	int malloced;
};

/* transport states */
#define SCTP_INACTIVE 0
#define SCTP_ACTIVE 1

/**
 * enum sctp_transport_cmd - command of sctp_assoc_control_transport()
 * @SCTP_TRANSPORT_UP: the path is reachable again
 * @SCTP_TRANSPORT_DOWN: the path failed
 */
enum sctp_transport_cmd {
	SCTP_TRANSPORT_UP,
	SCTP_TRANSPORT_DOWN,
};

/**
 * struct sctp_transport - one path to a peer address
 * @transports: link on the association's peer.transport_addr_list (RCU)
 * @rcu: for freeing after a grace period
 * @refcnt: references; the association holds one, a pending heartbeat
 *	timer another
 * @dead: set when the association let go of it
 * @ipaddr: the peer address (port network order inside)
 * @asoc: the owning association
 * @state: SCTP_ACTIVE or SCTP_INACTIVE
 * @last_time_heard: jiffies when the peer was last heard on this path
 * @cwnd: congestion window
 * @ssthresh: slow start threshold
 * @flight_size: bytes sent on this path and not yet acked (gap acks
 *	count as acked)
 * @error_count: consecutive errors on this path
 * @rto: retransmission timeout, jiffies
 * @hb_deadline: jiffies at which the heartbeat timer fires
 * @hb_pending: whether the heartbeat timer is armed (it then holds a
 *	reference)
 * @transmitted: struct sctp_chunk sent on this path, not yet acked, in
 *	TSN order
 */
struct sctp_transport {
	struct list_head transports;
	struct rcu_head rcu;
	struct atomic refcnt;
	int dead;
	union sctp_addr ipaddr;
	struct sctp_association *asoc;
	int state;
	unsigned long last_time_heard;
	uint32_t cwnd;
	uint32_t ssthresh;
	uint32_t flight_size;
	unsigned int error_count;
	unsigned long rto;
	unsigned long hb_deadline;
	bool hb_pending;
	struct list_head transmitted;
};

/**
 * struct sctp_chunk - a chunk queued or in flight (2.5.33 sctp_chunk_t)
 * @list: link on one outqueue list or a transport's transmitted list
 * @tsn: its TSN, once it has one
 * @has_tsn: whether @tsn was assigned
 * @data_len: payload bytes, what flight size and rwnd count
 * @transport: the path it was sent on, or NULL
 * @tsn_gap_acked: whether the last SACK gap-acked it
 * @tsn_missing_report: SACKs that reported it missing
 * @chunk_type: enum sctp_cid of the chunk
 */
struct sctp_chunk {
	struct list_head list;
	uint32_t tsn;
	bool has_tsn;
	uint32_t data_len;
	struct sctp_transport *transport;
	bool tsn_gap_acked;
	unsigned int tsn_missing_report;
	uint8_t chunk_type;
};

/**
 * struct sctp_outq - the association's outbound queues (sctp_outqueue_t)
 * @asoc: its association
 * @out_chunk_list: DATA chunks waiting to be sent
 * @control_chunk_list: control chunks waiting to be sent
 * @retransmit: chunks marked for retransmission
 * @sacked: chunks acked but not yet released
 * @outstanding_bytes: bytes on every transmitted list not gap-acked
 * @empty: whether nothing is queued or in flight
 */
struct sctp_outq {
	struct sctp_association *asoc;
	struct list_head out_chunk_list;
	struct list_head control_chunk_list;
	struct list_head retransmit;
	struct list_head sacked;
	uint32_t outstanding_bytes;
	int empty;
};

/**
 * struct sctp_inithdr_host - the peer's INIT fields, host order
 * @init_tag: initiate tag
 * @a_rwnd: advertised receiver window
 * @num_outbound_streams: outbound streams
 * @num_inbound_streams: inbound streams
 * @initial_tsn: initial TSN
 */
struct sctp_inithdr_host {
	uint32_t init_tag;
	uint32_t a_rwnd;
	uint16_t num_outbound_streams;
	uint16_t num_inbound_streams;
	uint32_t initial_tsn;
};

/**
 * struct sctp_ep_common - what endpoints and associations share
 * @bind_addr: the local addresses
 * @refcnt: references
 * @dead: set once freed by its owner; freed when @refcnt drops to 0
 * @lock: serialises writers of @bind_addr and of the peer transport list
 */
struct sctp_ep_common {
	struct sctp_bind_addr bind_addr;
	struct atomic refcnt;
	int dead;
	struct spinlock lock;
};

/**
 * enum sctp_state - association states (RFC 9260 section 4)
 * @SCTP_STATE_CLOSED: no association yet, or torn down
 * @SCTP_STATE_COOKIE_WAIT: INIT sent
 * @SCTP_STATE_COOKIE_ECHOED: COOKIE ECHO sent
 * @SCTP_STATE_ESTABLISHED: up
 * @SCTP_STATE_SHUTDOWN_PENDING: closing, data still queued or in flight
 * @SCTP_STATE_SHUTDOWN_SENT: SHUTDOWN sent
 * @SCTP_STATE_SHUTDOWN_RECEIVED: SHUTDOWN received
 * @SCTP_STATE_SHUTDOWN_ACK_SENT: SHUTDOWN ACK sent
 */
enum sctp_state {
	SCTP_STATE_CLOSED,
	SCTP_STATE_COOKIE_WAIT,
	SCTP_STATE_COOKIE_ECHOED,
	SCTP_STATE_ESTABLISHED,
	SCTP_STATE_SHUTDOWN_PENDING,
	SCTP_STATE_SHUTDOWN_SENT,
	SCTP_STATE_SHUTDOWN_RECEIVED,
	SCTP_STATE_SHUTDOWN_ACK_SENT,
};

/**
 * struct sctp_association - one association (2.5.33 sctp_association_t)
 * @base: bind addresses, refcount, lock
 * @asocs: link on the endpoint's asocs list
 * @ep: the endpoint it hangs on, or NULL before sctp_endpoint_add_asoc()
 * @scope: the scope of the peer address it was made for
 * @state: enum sctp_state
 * @peer: what is known of the peer
 * @peer.transport_addr_list: struct sctp_transport, RCU list, insertion
 *	order
 * @peer.transport_count: transports on that list
 * @peer.port: the peer's port, host order (0 until the first add_peer)
 * @peer.primary_path: the path the user chose (first peer by default)
 * @peer.active_path: the path new data goes to
 * @peer.retran_path: the path retransmissions go to
 * @peer.rwnd: the peer's receive window as we last computed it
 * @peer.ipv4_address: the peer takes IPv4 addresses
 * @peer.ipv6_address: the peer takes IPv6 addresses
 * @peer.ecn_capable: the peer said ECN capable
 * @peer.i: the peer's INIT fields
 * @c: verification tags
 * @c.my_vtag: our tag
 * @c.peer_vtag: the peer's tag
 * @shutdown_last_sent_to: where the last SHUTDOWN went, or NULL
 * @next_tsn: the TSN the next DATA chunk gets
 * @ctsn_ack_point: the highest TSN cumulatively acked
 * @outqueue: the outbound queues
 * @sndbuf_used: bytes of the socket's send buffer it uses
 * @write_space_wakeups: times __sctp_write_space() woke its writers
 */
struct sctp_association {
	struct sctp_ep_common base;
	struct list_head asocs;
	struct sctp_endpoint *ep;
	enum sctp_scope scope;
	enum sctp_state state;
	struct {
		struct list_head transport_addr_list;
		unsigned int transport_count;
		uint16_t port;
		struct sctp_transport *primary_path;
		struct sctp_transport *active_path;
		struct sctp_transport *retran_path;
		uint32_t rwnd;
		bool ipv4_address;
		bool ipv6_address;
		bool ecn_capable;
		struct sctp_inithdr_host i;
	} peer;
	struct {
		uint32_t my_vtag;
		uint32_t peer_vtag;
	} c;
	struct sctp_transport *shutdown_last_sent_to;
	uint32_t next_tsn;
	uint32_t ctsn_ack_point;
	struct sctp_outq outqueue;
	unsigned int sndbuf_used;
	unsigned long write_space_wakeups;
};

/**
 * struct sctp_endpoint - a socket's SCTP endpoint (2.5.33 sctp_endpoint_t)
 * @base: bind addresses, refcount, lock
 * @asocs: struct sctp_association, insertion order
 * @sk: the socket, or NULL
 */
struct sctp_endpoint {
	struct sctp_ep_common base;
	struct list_head asocs;
	struct sock *sk;
};

/* the options a struct sock remembers for each address family */
#define SCTP_SOCK_IPOPTS 8

/**
 * struct sock - the little of a socket the SCTP walks need
 * @family: AF_INET or AF_INET6
 * @lock: the socket lock (lock_sock()); bindx and close take it
 * @ep: the SCTP endpoint
 * @sndbuf: send buffer size in bytes
 * @ipopt: values stored by the address family's setsockopt, by optname
 *	(options 0 .. SCTP_SOCK_IPOPTS - 1), one table per family
 * @ipopt6: same, for the IPv6 family
 */
struct sock {
	sa_family_t family;
	struct spinlock lock;
	struct sctp_endpoint *ep;
	unsigned int sndbuf;
	int ipopt[SCTP_SOCK_IPOPTS];
	int ipopt6[SCTP_SOCK_IPOPTS];
};

/* ---------------------------------------------------------- protocol.c */

void sctp_protocol_init(void);
struct sctp_af *sctp_get_af_specific(sa_family_t family);
struct sctp_af *sctp_param_type2af(uint16_t param_type);
int sctp_add_local_addr(const union sctp_addr *addr);
int sctp_get_local_addr_list(void);
void __sctp_free_local_addr_list(void);
int sctp_copy_local_addr_list(struct sctp_bind_addr *bp, enum sctp_scope scope,
			      unsigned int gfp, int copy_flags);
bool sctp_local_addr_check(void);
#define sctp_local_addr_check() CHECK_CALLER(sctp_local_addr_check, ())

/* ---------------------------------------------------------- bind_addr.c */

int sctp_cmp_addr_exact(const union sctp_addr *a, const union sctp_addr *b);
int sctp_cmp_addr(const union sctp_addr *a, const union sctp_addr *b);
bool sctp_is_any(const union sctp_addr *addr);
enum sctp_scope sctp_scope(const union sctp_addr *addr);
int sctp_in_scope(const union sctp_addr *addr, enum sctp_scope scope);
bool sctp_addr_allowed(const union sctp_addr *addr, int flags);
uint16_t sctp_addr_port(const union sctp_addr *addr);
void sctp_addr_set_port(union sctp_addr *addr, uint16_t port);

struct sctp_bind_addr *sctp_bind_addr_new(unsigned int gfp);
void sctp_bind_addr_init(struct sctp_bind_addr *bp, uint16_t port);
void sctp_bind_addr_clean(struct sctp_bind_addr *bp);
void sctp_bind_addr_free(struct sctp_bind_addr *bp);
int sctp_add_bind_addr(struct sctp_bind_addr *bp, const union sctp_addr *addr,
		       unsigned int gfp);
int sctp_del_bind_addr(struct sctp_bind_addr *bp,
		       const union sctp_addr *del_addr);
void sctp_bind_addr_drop_tail(struct sctp_bind_addr *bp, unsigned int n);
int sctp_bind_addr_copy(struct sctp_bind_addr *dest,
			const struct sctp_bind_addr *src, enum sctp_scope scope,
			unsigned int gfp, int flags);
int sctp_bind_addr_has_addr(struct sctp_bind_addr *bp,
			    const union sctp_addr *addr);
int sctp_bind_addrs_to_raw(const struct sctp_bind_addr *bp, uint8_t **raw,
			   unsigned int gfp);
int sctp_raw_to_bind_addrs(struct sctp_bind_addr *bp, const uint8_t *raw,
			   int addrs_len, uint16_t port, unsigned int gfp);
bool sctp_bind_addr_check(const struct sctp_bind_addr *bp);
#define sctp_bind_addr_check(bp) CHECK_CALLER(sctp_bind_addr_check, (bp))

/* ---------------------------------------------------------- associola.c */

struct sctp_association *sctp_association_new(struct sctp_endpoint *ep,
					      enum sctp_scope scope,
					      unsigned int gfp);
int sctp_association_free(struct sctp_association *asoc);
void sctp_association_hold(struct sctp_association *asoc);
void sctp_association_put(struct sctp_association *asoc);
struct sctp_transport *sctp_transport_new(const union sctp_addr *addr,
					  unsigned int gfp);
void sctp_transport_hold(struct sctp_transport *transport);
void sctp_transport_put(struct sctp_transport *transport);
struct sctp_transport *sctp_assoc_add_peer(struct sctp_association *asoc,
					   const union sctp_addr *addr,
					   unsigned int gfp);
int sctp_assoc_rm_peer(struct sctp_association *asoc,
		       struct sctp_transport *peer);
struct sctp_transport *
sctp_assoc_lookup_paddr(const struct sctp_association *asoc,
			const union sctp_addr *address);
void sctp_assoc_control_transport(struct sctp_association *asoc,
				  struct sctp_transport *transport,
				  enum sctp_transport_cmd command);
struct sctp_transport *sctp_assoc_lookup_tsn(struct sctp_association *asoc,
					     uint32_t tsn);
struct sctp_transport *
sctp_assoc_choose_shutdown_transport(struct sctp_association *asoc);
int sctp_assoc_set_primary(struct sctp_association *asoc,
			   struct sctp_transport *transport);
void sctp_assoc_update(struct sctp_association *asoc,
		       const struct sctp_association *new_asoc);
bool sctp_assoc_check(const struct sctp_association *asoc);
#define sctp_assoc_check(asoc) CHECK_CALLER(sctp_assoc_check, (asoc))

/* ---------------------------------------------------------- endpointola.c */

struct sctp_endpoint *sctp_endpoint_new(struct sock *sk, uint16_t port,
					unsigned int gfp);
void sctp_endpoint_free(struct sctp_endpoint *ep);
void sctp_endpoint_hold(struct sctp_endpoint *ep);
void sctp_endpoint_put(struct sctp_endpoint *ep);
void sctp_endpoint_add_asoc(struct sctp_endpoint *ep,
			    struct sctp_association *asoc);
struct sctp_association *
__sctp_endpoint_lookup_assoc(const struct sctp_endpoint *ep,
			     const union sctp_addr *paddr,
			     struct sctp_transport **transport);
bool sctp_endpoint_check(const struct sctp_endpoint *ep);
#define sctp_endpoint_check(ep) CHECK_CALLER(sctp_endpoint_check, (ep))

/* ---------------------------------------------------------- outqueue.c */

void sctp_outqueue_init(struct sctp_association *asoc, struct sctp_outq *q);
void sctp_outqueue_teardown(struct sctp_outq *q);
struct sctp_chunk *sctp_chunk_new(uint8_t chunk_type, uint32_t data_len,
				  unsigned int gfp);
void sctp_chunk_free(struct sctp_chunk *chunk);
void sctp_outq_tail(struct sctp_outq *q, struct sctp_chunk *chunk);
int sctp_outq_flush(struct sctp_outq *q);
int sctp_sack_outqueue(struct sctp_outq *q, const struct sctp_sackhdr *sack,
		       size_t len);
bool sctp_outq_check(const struct sctp_outq *q);
#define sctp_outq_check(q) CHECK_CALLER(sctp_outq_check, (q))

/* ---------------------------------------------------------- sm_sideeffect.c */

void sctp_cmd_hb_timers_start(struct sctp_association *asoc);
void sctp_cmd_hb_timers_stop(struct sctp_association *asoc);
void sctp_cmd_set_bind_addrs(struct sctp_association *asoc,
			     struct sctp_bind_addr *bp);

/* ---------------------------------------------------------- socket.c */

/*
 * Socket options: BINDX_ADD/REM take an array of union sctp_addr,
 * GET_ASSOC_NUMBER returns an int (the endpoint's associations).
 */
#define SOL_SCTP 132
#define SCTP_SOCKOPT_BINDX_ADD 100
#define SCTP_SOCKOPT_BINDX_REM 101
#define SCTP_GET_ASSOC_NUMBER 28

/* op of sctp_setsockopt_bindx() */
#define SCTP_BINDX_ADD_ADDR 0x01
#define SCTP_BINDX_REM_ADDR 0x02

/*
 * 2.5.33's default window (include/net/sctp/constants.h): the receive
 * buffer a socket advertises, the peer's window until its INIT says
 * otherwise, a new transport's ssthresh.
 */
#define SCTP_DEFAULT_MAXWINDOW 32768u

/* send buffer of a new socket, bytes (2.5.33: 2 * SCTP_DEFAULT_MAXWINDOW) */
#define SCTP_DEFAULT_SNDBUF (2 * SCTP_DEFAULT_MAXWINDOW)

int sctp_sock_init(struct sock *sk, sa_family_t family, uint16_t port,
		   unsigned int gfp);
int sctp_bindx_add(struct sock *sk, const union sctp_addr *addrs, int addrcnt);
int sctp_bindx_rem(struct sock *sk, const union sctp_addr *addrs, int addrcnt);
int sctp_setsockopt_bindx(struct sock *sk, const void *addrs, int addrs_size,
			  int op);
void sctp_close(struct sock *sk, long timeout);
int sctp_setsockopt(struct sock *sk, int level, int optname, const void *optval,
		    unsigned int optlen);
int sctp_getsockopt(struct sock *sk, int level, int optname, void *optval,
		    unsigned int *optlen);
void sctp_write_space(struct sock *sk);

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_SCTP_STRUCTS_H */
