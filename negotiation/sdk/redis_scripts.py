"""The Lua scripts [`RedisBackplane`][negotiation.sdk.redis.RedisBackplane] runs on Redis
(a switch bucket's atomic update, a malformed ranking's conditional delete) and the
encoding of a variant in the switch script's arguments and reply.
"""

from __future__ import annotations

from typing import Any

__all__ = ["DELETE_IF", "SWITCH", "variant_arg", "variant_of"]

# KEYS[1] a stored ranking; ARGV[1] the malformed value read. Deleted only if unchanged,
# so that a good ranking another replica stored meanwhile is kept; a key of another type
# (a list, a hash: no ranking either) is deleted.
DELETE_IF = """
local kind = redis.call('TYPE', KEYS[1])['ok']
if kind == 'none' then return 0 end
if kind ~= 'string' or redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""

# KEYS[1] the bucket; ARGV: the variant ("=" id, or "-" for none), capacity, refill per
# second, time to live (ms). Returns {1} (go on) or {0, active variant, retry after ms}.
# A key that holds no bucket (another type, fields that are no numbers) is a full one.
# The same arithmetic as negotiation.subscriptions.VariantSwitchLimiter, on Redis's clock.
SWITCH = """
local now_parts = redis.call('TIME')
local now = tonumber(now_parts[1]) + tonumber(now_parts[2]) / 1000000
local variant = ARGV[1]
local capacity = tonumber(ARGV[2])
local rate = tonumber(ARGV[3])
if redis.call('TYPE', KEYS[1])['ok'] ~= 'hash' then redis.call('DEL', KEYS[1]) end
local state = redis.call('HMGET', KEYS[1], 'v', 'n', 't')
local result = {1}
local active = variant
local tokens = capacity
local stored, stamp = tonumber(state[2]), tonumber(state[3])
if state[1] and stored and stamp then  -- anything else is no bucket: a full one
  active = state[1]
  tokens = math.min(capacity, stored + math.max(0, now - stamp) * rate)
  if active ~= variant then
    if tokens < 1 then
      result = {0, active, math.max(1, math.floor((1 - tokens) / rate * 1000 + 0.5))}
    else
      active = variant
      tokens = tokens - 1
    end
  end
end
redis.call('HSET', KEYS[1], 'v', active, 'n', string.format('%.17g', tokens),
           't', string.format('%.6f', now))
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return result
"""


def variant_arg(variant: str | None) -> str:
    return "-" if variant is None else "=" + variant


def variant_of(value: Any) -> str | None:
    text = value.decode("utf-8", "surrogatepass") if isinstance(value, bytes) else str(value)
    return text[1:] if text.startswith("=") else None
