-- wrk script: durable PATCH of random Homepwner items' values (keys read from the file named by
-- HOMEPWNER_KEYS, one per line).
local keys = {}
for line in io.lines(os.getenv("HOMEPWNER_KEYS")) do keys[#keys + 1] = line end
math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)") or "0", 16) % 100000)
request = function()
    local key = keys[math.random(1, #keys)]
    local value = math.random(0, 1000000)
    return wrk.format("PATCH", "/api/items/" .. key, { ["Content-Type"] = "application/json" }, '{"valueInDollars":' .. value .. '}')
end

-- Each status other than 200, counted per thread and printed at the end ("status 503: 12").
local threads = {}
setup = function(thread)
    threads[#threads + 1] = thread
end
refused = {}  -- a global: done() reads it from each thread
response = function(status, headers, body)
    if status ~= 200 then refused[status] = (refused[status] or 0) + 1 end
end
done = function(summary, latency, requests)
    local totals = {}
    for _, thread in ipairs(threads) do
        local counts = thread:get("refused")
        for status, count in pairs(counts or {}) do totals[status] = (totals[status] or 0) + count end
    end
    for status, count in pairs(totals) do io.write(string.format("status %d: %d\n", status, count)) end
end
