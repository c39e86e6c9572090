<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="terrain" tilewidth="32" tileheight="32" tilecount="423" columns="16">
 <image source="terrain.png" width="512" height="864"/>
 <tile id="0">
  <properties>
   <property name="name" value="flagstone floor"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="name" value="flagstone floor"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="name" value="flagstone floor"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="name" value="flagstone floor"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="name" value="mossy flagstones"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="name" value="mossy flagstones"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="name" value="mossy flagstones"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="name" value="marble floor"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="name" value="stairs"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="name" value="chasm"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="name" value="chasm"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="name" value="stone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="name" value="stone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="name" value="stone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="name" value="stone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="name" value="stone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="name" value="stone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="name" value="stone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="name" value="stone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="name" value="stone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="name" value="stone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="name" value="stone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="name" value="stone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="name" value="stone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="name" value="stone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="name" value="stone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="name" value="stone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
   <property name="name" value="stone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
   <property name="name" value="stone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
   <property name="name" value="stone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="30">
  <properties>
   <property name="name" value="stone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="31">
  <properties>
   <property name="name" value="pillar"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="32">
  <properties>
   <property name="name" value="rubble"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="33">
  <properties>
   <property name="name" value="rubble"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="34">
  <properties>
   <property name="name" value="rubble"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="35">
  <properties>
   <property name="name" value="bones"/>
  </properties>
 </tile>
 <tile id="36">
  <properties>
   <property name="name" value="bones"/>
  </properties>
 </tile>
 <tile id="37">
  <properties>
   <property name="name" value="candles"/>
  </properties>
 </tile>
 <tile id="38">
  <properties>
   <property name="name" value="sarcophagus"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="39">
  <properties>
   <property name="name" value="grass"/>
  </properties>
 </tile>
 <tile id="40">
  <properties>
   <property name="name" value="grass"/>
  </properties>
 </tile>
 <tile id="41">
  <properties>
   <property name="name" value="grass"/>
  </properties>
 </tile>
 <tile id="42">
  <properties>
   <property name="name" value="grass"/>
  </properties>
 </tile>
 <tile id="43">
  <properties>
   <property name="name" value="grass"/>
  </properties>
 </tile>
 <tile id="44">
  <properties>
   <property name="name" value="grass"/>
  </properties>
 </tile>
 <tile id="45">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="46">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="47">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="48">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="49">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="50">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="51">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="52">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="53">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="54">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="55">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="56">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="57">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="58">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="59">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="60">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="61">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="62">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="63">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="64">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="65">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="66">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="67">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="68">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="69">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="70">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="71">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="72">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="73">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="74">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="75">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="76">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="77">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="78">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="79">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="80">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="81">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="82">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="83">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="84">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="85">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="86">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="87">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="88">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="89">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="90">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="91">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="92">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="93">
  <properties>
   <property name="name" value="forest floor"/>
  </properties>
 </tile>
 <tile id="94">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="95">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="96">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="97">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="98">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="99">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="100">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="101">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="102">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="103">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="104">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="105">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="106">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="107">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="108">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="109">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="110">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="111">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="112">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="113">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="114">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="115">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="116">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="117">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="118">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="119">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="120">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="121">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="122">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="123">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="124">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="125">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="126">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="127">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="128">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="129">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="130">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="131">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="132">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="133">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="134">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="135">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="136">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="137">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="138">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="139">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="140">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="141">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="142">
  <properties>
   <property name="name" value="dirt path"/>
  </properties>
 </tile>
 <tile id="143">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="144">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="145">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="146">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="147">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="148">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="149">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="150">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="151">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="152">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="153">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="154">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="155">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="156">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="157">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="158">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="159">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="160">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="161">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="162">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="163">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="164">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="165">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="166">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="167">
  <properties>
   <property name="name" value="tree"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="168">
  <properties>
   <property name="name" value="thicket"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="169">
  <properties>
   <property name="name" value="thicket"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="170">
  <properties>
   <property name="name" value="thicket"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="171">
  <properties>
   <property name="name" value="boulder"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="172">
  <properties>
   <property name="name" value="fallen log"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="173">
  <properties>
   <property name="name" value="tree stump"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="174">
  <properties>
   <property name="name" value="toadstools"/>
  </properties>
 </tile>
 <tile id="175">
  <properties>
   <property name="name" value="tall reeds"/>
   <property name="opaque" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="176">
  <properties>
   <property name="name" value="tall reeds"/>
   <property name="opaque" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="177">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="178">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="179">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="180">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="181">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="182">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="183">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="184">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="185">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="186">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="187">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="188">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="189">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="190">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="191">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="192">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="193">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="194">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="195">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="196">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="197">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="198">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="199">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="200">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="201">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="202">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="203">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="204">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="205">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="206">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="207">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="208">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="209">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="210">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="211">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="212">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="213">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="214">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="215">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="216">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="217">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="218">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="219">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="220">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="221">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="222">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="223">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="224">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="225">
  <properties>
   <property name="name" value="deep water"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="226">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="227">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="228">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="229">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="230">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="231">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="232">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="233">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="234">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="235">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="236">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="237">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="238">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="239">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="240">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="241">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="242">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="243">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="244">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="245">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="246">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="247">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="248">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="249">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="250">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="251">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="252">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="253">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="254">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="255">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="256">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="257">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="258">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="259">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="260">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="261">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="262">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="263">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="264">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="265">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="266">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="267">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="268">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="269">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="270">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="271">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="272">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="273">
  <properties>
   <property name="name" value="shallow ford"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="274">
  <properties>
   <property name="name" value="cobbled street"/>
  </properties>
 </tile>
 <tile id="275">
  <properties>
   <property name="name" value="cobbled street"/>
  </properties>
 </tile>
 <tile id="276">
  <properties>
   <property name="name" value="cobbled street"/>
  </properties>
 </tile>
 <tile id="277">
  <properties>
   <property name="name" value="wooden floor"/>
  </properties>
 </tile>
 <tile id="278">
  <properties>
   <property name="name" value="wooden floor"/>
  </properties>
 </tile>
 <tile id="279">
  <properties>
   <property name="name" value="red roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="280">
  <properties>
   <property name="name" value="red roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="281">
  <properties>
   <property name="name" value="red roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="282">
  <properties>
   <property name="name" value="red roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="283">
  <properties>
   <property name="name" value="red roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="284">
  <properties>
   <property name="name" value="red roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="285">
  <properties>
   <property name="name" value="red roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="286">
  <properties>
   <property name="name" value="red roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="287">
  <properties>
   <property name="name" value="red roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="288">
  <properties>
   <property name="name" value="red roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="289">
  <properties>
   <property name="name" value="red roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="290">
  <properties>
   <property name="name" value="red roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="291">
  <properties>
   <property name="name" value="slate roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="292">
  <properties>
   <property name="name" value="slate roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="293">
  <properties>
   <property name="name" value="slate roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="294">
  <properties>
   <property name="name" value="slate roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="295">
  <properties>
   <property name="name" value="slate roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="296">
  <properties>
   <property name="name" value="slate roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="297">
  <properties>
   <property name="name" value="slate roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="298">
  <properties>
   <property name="name" value="slate roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="299">
  <properties>
   <property name="name" value="slate roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="300">
  <properties>
   <property name="name" value="slate roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="301">
  <properties>
   <property name="name" value="slate roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="302">
  <properties>
   <property name="name" value="slate roof"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="303">
  <properties>
   <property name="name" value="house wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="304">
  <properties>
   <property name="name" value="house wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="305">
  <properties>
   <property name="name" value="house wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="306">
  <properties>
   <property name="name" value="house door"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="307">
  <properties>
   <property name="name" value="house wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="308">
  <properties>
   <property name="name" value="house wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="309">
  <properties>
   <property name="name" value="house wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="310">
  <properties>
   <property name="name" value="house wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="311">
  <properties>
   <property name="name" value="house wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="312">
  <properties>
   <property name="name" value="house wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="313">
  <properties>
   <property name="name" value="house wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="314">
  <properties>
   <property name="name" value="house wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="315">
  <properties>
   <property name="name" value="house wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="316">
  <properties>
   <property name="name" value="house wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="317">
  <properties>
   <property name="name" value="house wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="318">
  <properties>
   <property name="name" value="house wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="319">
  <properties>
   <property name="name" value="house wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="320">
  <properties>
   <property name="name" value="house wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="321">
  <properties>
   <property name="name" value="house wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="322">
  <properties>
   <property name="name" value="house wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="323">
  <properties>
   <property name="name" value="house wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="324">
  <properties>
   <property name="name" value="house wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="325">
  <properties>
   <property name="name" value="market stall"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="326">
  <properties>
   <property name="name" value="market stall"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="327">
  <properties>
   <property name="name" value="market stall"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="328">
  <properties>
   <property name="name" value="crates"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="329">
  <properties>
   <property name="name" value="barrels"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="330">
  <properties>
   <property name="name" value="well"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="331">
  <properties>
   <property name="name" value="table"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="332">
  <properties>
   <property name="name" value="bridge planks"/>
  </properties>
 </tile>
 <tile id="333">
  <properties>
   <property name="name" value="bridge planks"/>
  </properties>
 </tile>
 <tile id="334">
  <properties>
   <property name="name" value="bridge planks"/>
  </properties>
 </tile>
 <tile id="335">
  <properties>
   <property name="name" value="bridge planks"/>
  </properties>
 </tile>
 <tile id="336">
  <properties>
   <property name="name" value="campfire"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="337">
  <properties>
   <property name="name" value="tent"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="338">
  <properties>
   <property name="name" value="sand"/>
  </properties>
 </tile>
 <tile id="339">
  <properties>
   <property name="name" value="sand"/>
  </properties>
 </tile>
 <tile id="340">
  <properties>
   <property name="name" value="sand"/>
  </properties>
 </tile>
 <tile id="341">
  <properties>
   <property name="name" value="sand"/>
  </properties>
 </tile>
 <tile id="342">
  <properties>
   <property name="name" value="sandstone paving"/>
  </properties>
 </tile>
 <tile id="343">
  <properties>
   <property name="name" value="sandstone paving"/>
  </properties>
 </tile>
 <tile id="344">
  <properties>
   <property name="name" value="sandstone paving"/>
  </properties>
 </tile>
 <tile id="345">
  <properties>
   <property name="name" value="sandstone paving"/>
  </properties>
 </tile>
 <tile id="346">
  <properties>
   <property name="name" value="sandstone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="347">
  <properties>
   <property name="name" value="sandstone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="348">
  <properties>
   <property name="name" value="sandstone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="349">
  <properties>
   <property name="name" value="sandstone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="350">
  <properties>
   <property name="name" value="sandstone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="351">
  <properties>
   <property name="name" value="sandstone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="352">
  <properties>
   <property name="name" value="sandstone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="353">
  <properties>
   <property name="name" value="sandstone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="354">
  <properties>
   <property name="name" value="sandstone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="355">
  <properties>
   <property name="name" value="sandstone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="356">
  <properties>
   <property name="name" value="sandstone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="357">
  <properties>
   <property name="name" value="sandstone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="358">
  <properties>
   <property name="name" value="sandstone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="359">
  <properties>
   <property name="name" value="sandstone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="360">
  <properties>
   <property name="name" value="sandstone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="361">
  <properties>
   <property name="name" value="sandstone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="362">
  <properties>
   <property name="name" value="sandstone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="363">
  <properties>
   <property name="name" value="sandstone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="364">
  <properties>
   <property name="name" value="sandstone wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="365">
  <properties>
   <property name="name" value="pillar"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="366">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="367">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="368">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="369">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="370">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="371">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="372">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="373">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="374">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="375">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="376">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="377">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="378">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="379">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="380">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="381">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="382">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="383">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="384">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="385">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="386">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="387">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="388">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="389">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="390">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="391">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="392">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="393">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="394">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="395">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="396">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="397">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="398">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="399">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="400">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="401">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="402">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="403">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="404">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="405">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="406">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="407">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="408">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="409">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="410">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="411">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="412">
  <properties>
   <property name="name" value="lava"/>
   <property name="impassable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="413">
  <properties>
   <property name="name" value="scorched ground"/>
  </properties>
 </tile>
 <tile id="414">
  <properties>
   <property name="name" value="scorched ground"/>
  </properties>
 </tile>
 <tile id="415">
  <properties>
   <property name="name" value="scorched ground"/>
  </properties>
 </tile>
 <tile id="416">
  <properties>
   <property name="name" value="spike trap"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="417">
  <properties>
   <property name="name" value="dry thornbush"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="418">
  <properties>
   <property name="name" value="dry thornbush"/>
   <property name="obstructed" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="419">
  <properties>
   <property name="name" value="shadow"/>
  </properties>
 </tile>
 <tile id="420">
  <properties>
   <property name="name" value="shadow"/>
  </properties>
 </tile>
 <tile id="421">
  <properties>
   <property name="name" value="shadow"/>
  </properties>
 </tile>
 <tile id="422">
  <properties>
   <property name="name" value="shadow"/>
  </properties>
 </tile>
</tileset>
