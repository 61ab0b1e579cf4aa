// The Redis store's atomic publish (redis-store.ts runs it): de-duplicate, check the publisher's and its address's
// shares, make room under the whole-store caps by evicting the heaviest address's messages, number, store, charge the
// shares, evict fairly beyond the mailbox cap, extend the topic's expiry to the newest message.
//
// Keys, all under the prefix (so one Redis, not a cluster): a mailbox member is "<seq> <message JSON>"; the topic's
// index holds "<seq> <client id> <ip> <charged bytes>" per message (eviction reads it, not the messages); a share
// (`q:c:<client>`, `q:i:<ip>`) is a sorted set of "<seq>:<bytes>:<topic>" scored by expiry (entries past it are
// dropped when their owner is next looked at) plus a byte counter (`qb:…`). Whole-store totals: the hash `tot`
// (bytes, messages) and the addresses by bytes (`hb`) and by messages (`hm`), which find the heaviest holder.
// KEYS: topic set, dedup key, sequence counter, client share, client bytes, ip share, ip bytes, topic index.
// ARGV: now, ttl ms, message JSON, mailbox cap, client id, ip, max client messages/bytes, max ip messages/bytes,
// prefix, charged bytes (the message text's length, as the memory store counts), max stored bytes/messages, topic.
// Answers {seq, mailbox size, stored bytes, stored messages}; seq 0 = duplicate, below 0 = refused (REFUSALS).

/** The publish script (Lua). */
export const PUBLISH_SCRIPT = `
local now, ttl, body = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
local client, ip, P = ARGV[5], ARGV[6], ARGV[11]
local bytes, maxBytes, maxMessages, topic = tonumber(ARGV[12]), tonumber(ARGV[13]), tonumber(ARGV[14]), ARGV[15]
local TOT, HB, HM = P .. 'tot', P .. 'hb', P .. 'hm'
local function totals()
  local t = redis.call('HMGET', TOT, 'bytes', 'messages')
  return math.max(0, tonumber(t[1] or '0')), math.max(0, tonumber(t[2] or '0'))
end
if redis.call('EXISTS', KEYS[2]) == 1 then
  local b, m = totals()
  return {0, 0, b, m}
end
-- An address's holding changes by dm messages and db bytes: totals and the heaviest-holder indexes follow.
local function account(addr, dm, db)
  redis.call('HINCRBY', TOT, 'messages', dm)
  redis.call('HINCRBY', TOT, 'bytes', db)
  local left = tonumber(redis.call('ZINCRBY', HM, dm, addr))
  redis.call('ZINCRBY', HB, db, addr)
  if left <= 0 then redis.call('ZREM', HM, addr); redis.call('ZREM', HB, addr) end
end
-- Drops the expired entries of a share ('c:<client>' or 'i:<ip>'); answers its messages, bytes and how many went.
local function settle(owner)
  local z, b = P .. 'q:' .. owner, P .. 'qb:' .. owner
  local gone = redis.call('ZRANGEBYSCORE', z, '-inf', now)
  if #gone > 0 then
    local sum = 0
    for _, m in ipairs(gone) do sum = sum + tonumber(string.match(m, '^%d+:(%d+)')) end
    redis.call('ZREMRANGEBYSCORE', z, '-inf', now)
    redis.call('DECRBY', b, sum)
    if string.sub(owner, 1, 2) == 'i:' then account(string.sub(owner, 3), -#gone, -sum) end
  end
  return redis.call('ZCARD', z), math.max(0, tonumber(redis.call('GET', b) or '0')), #gone
end
local function uncharge(owner, member, n)
  if redis.call('ZREM', P .. 'q:' .. owner, member) == 1 then
    redis.call('DECRBY', P .. 'qb:' .. owner, n)
    if string.sub(owner, 1, 2) == 'i:' then account(string.sub(owner, 3), -1, -n) end
  end
end
-- Removes message seq of topic t from its mailbox, its index and its publisher's and address's shares.
local function evict(seq, t, n, addr, pub)
  local member = seq .. ':' .. n .. ':' .. t
  if pub == nil then
    local entry = redis.call('ZRANGEBYSCORE', P .. 'ti:' .. t, seq, seq)[1]
    if entry then
      pub = string.match(entry, '^%d+ (%S+) ')
      redis.call('ZREM', P .. 'ti:' .. t, entry)
    end
  else
    redis.call('ZREM', P .. 'ti:' .. t, seq .. ' ' .. pub .. ' ' .. addr .. ' ' .. n)
  end
  redis.call('ZREMRANGEBYSCORE', P .. 't:' .. t, seq, seq)
  if pub then uncharge('c:' .. pub, member, n) end
  uncharge('i:' .. addr, member, n)
end

local cm, cb = settle('c:' .. client)
if cm + 1 > tonumber(ARGV[7]) then return {-1, 0, 0, 0} end
if cb + bytes > tonumber(ARGV[8]) then return {-2, 0, 0, 0} end
local im, ib = settle('i:' .. ip)
if im + 1 > tonumber(ARGV[9]) then return {-3, 0, 0, 0} end
if ib + bytes > tonumber(ARGV[10]) then return {-4, 0, 0, 0} end
if bytes > maxBytes then return {-5, 0, 0, 0} end
-- Room under the whole-store caps: the address holding the most (bytes or messages, whichever cap binds) loses its
-- entries that expired, then its live messages that expire first. Bounded, so one call cannot stall Redis.
for round = 1, 10000 do
  local tb, tm = totals()
  local overBytes = tb + bytes > maxBytes
  if not overBytes and tm + 1 <= maxMessages then break end
  if round == 10000 then return {-5, 0, 0, 0} end
  local heaviest = redis.call('ZREVRANGE', overBytes and HB or HM, 0, 0)[1]
  if heaviest == nil then
    -- The totals drifted (keys lost to Redis eviction): start counting afresh rather than refuse forever.
    redis.call('DEL', TOT)
    break
  end
  local held, _, dropped = settle('i:' .. heaviest)
  if held == 0 then
    redis.call('ZREM', HM, heaviest)
    redis.call('ZREM', HB, heaviest)
  elseif dropped == 0 then
    local victim = redis.call('ZRANGE', P .. 'q:i:' .. heaviest, 0, 0)[1]
    local vseq, vbytes, vtopic = string.match(victim, '^(%d+):(%d+):?(.*)$')
    if vtopic == '' then uncharge('i:' .. heaviest, victim, tonumber(vbytes))
    else evict(vseq, vtopic, vbytes, heaviest, nil) end
  end
end

redis.call('SET', KEYS[2], '1', 'PX', ttl)
local seq = redis.call('INCR', KEYS[3])
local expires = now + ttl
local member = seq .. ':' .. bytes .. ':' .. topic
redis.call('ZADD', KEYS[1], seq, seq .. ' ' .. body)
redis.call('ZADD', KEYS[8], seq, seq .. ' ' .. client .. ' ' .. ip .. ' ' .. bytes)
local function extend(k)
  if redis.call('PEXPIRETIME', k) < expires then redis.call('PEXPIREAT', k, expires) end
end
for _, pair in ipairs({{KEYS[4], KEYS[5]}, {KEYS[6], KEYS[7]}}) do
  redis.call('ZADD', pair[1], expires, member)
  redis.call('INCRBY', pair[2], bytes)
  extend(pair[1])
  extend(pair[2])
end
account(ip, 1, bytes)
local size = redis.call('ZCARD', KEYS[1])
if size > tonumber(ARGV[4]) then
  local members = redis.call('ZRANGE', KEYS[8], 0, -1)
  local counts, first, order = {}, {}, {}
  for i, m in ipairs(members) do
    local pub = string.match(m, '^%d+ (%S+) ')
    if counts[pub] == nil then counts[pub] = 0; first[pub] = i; order[#order + 1] = pub end
    counts[pub] = counts[pub] + 1
  end
  local best = order[1]
  if best == nil then
    redis.call('ZREMRANGEBYRANK', KEYS[1], 0, 0) -- a mailbox stored before the index existed: oldest first
  else
    for _, pub in ipairs(order) do if counts[pub] > counts[best] then best = pub end end
    local vseq, vpub, vip, vbytes = string.match(members[first[best]], '^(%d+) (%S+) (%S+) (%d+)$')
    evict(vseq, topic, vbytes, vip, vpub)
  end
  size = size - 1
end
extend(KEYS[1])
extend(KEYS[8])
local tb, tm = totals()
return {seq, size, tb, tm}
`
