-- wrk script: durable PATCH of random creatures' ratings (ids 1..N, N from the environment).
local count = tonumber(os.getenv("CREATURES") or "1000")
math.randomseed(os.time())
request = function()
    local id = math.random(1, count)
    local rating = math.random(0, 10) / 2
    return wrk.format("PATCH", "/api/creatures/" .. id, { ["Content-Type"] = "application/json" }, '{"rating":' .. rating .. '}')
end
