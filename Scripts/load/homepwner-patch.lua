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
