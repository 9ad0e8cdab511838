// SPDX-License-Identifier: MIT
/*
 * compat/jiffies.c - the virtual clock (see jiffies.h).
 */
#include "compat/jiffies.h"

unsigned long jiffies;
unsigned int kstruct_hz = DEFAULT_HZ;
unsigned long kstruct_subtick_ns;
